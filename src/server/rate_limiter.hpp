#pragma once
// A budget per client address for what is costly to give away (new games): a
// token bucket per address that refills at a steady rate, with a bounded table
// of addresses so that a client with many addresses cannot make it grow.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace mancala::server {

struct RateLimit {
    double per_minute = 0;  ///< tokens added per minute; 0: no limit
    double burst = 0;       ///< the bucket's size: how many at once after a quiet spell
};

class RateLimiter {
public:
    using Clock = std::chrono::steady_clock;

    /// At most `max_clients` addresses are tracked; past that the least recently seen
    /// full buckets are dropped, and if none is full, new addresses share one bucket.
    explicit RateLimiter(RateLimit limit, std::size_t max_clients = 10'000);

    /// Takes a token from the bucket of `client` (an address, or an IPv6 /64: whatever
    /// one client is). Returns 0 if it had one, else the seconds until it will (at
    /// least 1): the Retry-After to answer.
    int take(const std::string& client, Clock::time_point now = Clock::now());

    std::size_t tracked() const;

private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point updated;
    };

    double refill(Bucket& bucket, Clock::time_point now) const;
    void make_room(Clock::time_point now);

    const RateLimit limit_;
    const std::size_t max_clients_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
    Bucket overflow_;
};

}  // namespace mancala::server
