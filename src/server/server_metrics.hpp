#pragma once
// What `GET /metrics` shows, in the Prometheus text format (prometheus-cpp):
// requests by route and status, a latency histogram by route, and gauges and
// counters read from the server's parts when scraped.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace prometheus {
class Registry;
class Gauge;
class Counter;
template <typename T>
class Family;
class Histogram;
}  // namespace prometheus

namespace mancala::server {

/// The server's state as read at a scrape. The counters are running totals kept by
/// their owners (store, rate limiter, transport); the metrics add what is new.
struct MetricsSnapshot {
    std::size_t games_in_memory = 0;
    std::size_t games_live = 0;  ///< in memory, not over, not expired
    std::size_t stored_live = 0;
    std::size_t stored_finished = 0;
    int think_threads = 0;
    int think_busy = 0;
    std::size_t think_queued = 0;
    std::size_t connections_open = 0;
    std::uint64_t evicted_unplayed = 0;
    std::uint64_t evicted_finished = 0;
    std::uint64_t evicted_idle = 0;
    std::uint64_t expired = 0;
    std::uint64_t rate_limited = 0;
    std::uint64_t games_per_client = 0;  ///< new games refused: the client has its share in play
    std::uint64_t think_refused = 0;
    std::uint64_t connections_refused = 0;
    std::uint64_t connections_shed = 0;  ///< slow connections closed to let newcomers in at the cap
    std::size_t resident_bytes = 0;
};

class ServerMetrics {
public:
    ServerMetrics();
    ~ServerMetrics();
    ServerMetrics(const ServerMetrics&) = delete;
    ServerMetrics& operator=(const ServerMetrics&) = delete;

    /// One answered request: its route pattern ("/api/games/{id}"), status and time taken.
    void request(std::string_view route, int status, double seconds);

    /// The text exposition, after taking in `now`.
    std::string scrape(const MetricsSnapshot& now);

private:
    struct Families;
    std::shared_ptr<prometheus::Registry> registry_;
    std::unique_ptr<Families> families_;
    std::mutex scrape_mutex_;
    MetricsSnapshot reported_;  ///< the running totals as of the last scrape
};

}  // namespace mancala::server
