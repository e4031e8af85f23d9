#include "server/rate_limiter.hpp"

#include <algorithm>
#include <cmath>

namespace mancala::server {

RateLimiter::RateLimiter(RateLimit limit, std::size_t max_clients)
    : limit_(limit), max_clients_(std::max<std::size_t>(1, max_clients)) {
    overflow_.tokens = limit_.burst;
}

double RateLimiter::refill(Bucket& bucket, Clock::time_point now) const {
    const double minutes = std::chrono::duration<double, std::ratio<60>>(now - bucket.updated).count();
    if (minutes > 0) bucket.tokens = std::min(limit_.burst, bucket.tokens + minutes * limit_.per_minute);
    bucket.updated = std::max(bucket.updated, now);
    return bucket.tokens;
}

void RateLimiter::make_room(Clock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();) {
        if (refill(it->second, now) >= limit_.burst) {
            it = buckets_.erase(it);
        } else {
            ++it;
        }
    }
}

int RateLimiter::take(const std::string& client, Clock::time_point now) {
    if (limit_.per_minute <= 0) return 0;
    const std::lock_guard lock(mutex_);
    auto it = buckets_.find(client);
    if (it == buckets_.end()) {
        if (buckets_.size() >= max_clients_) make_room(now);
        if (buckets_.size() < max_clients_) it = buckets_.emplace(client, Bucket{limit_.burst, now}).first;
    }
    Bucket& bucket = it != buckets_.end() ? it->second : overflow_;
    if (refill(bucket, now) >= 1) {
        bucket.tokens -= 1;
        return 0;
    }
    const double seconds = (1 - bucket.tokens) * 60 / limit_.per_minute;
    return std::max(1, static_cast<int>(std::ceil(seconds)));
}

std::size_t RateLimiter::tracked() const {
    const std::lock_guard lock(mutex_);
    return buckets_.size();
}

}  // namespace mancala::server
