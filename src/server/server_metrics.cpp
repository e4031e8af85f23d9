#include "server/server_metrics.hpp"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

namespace mancala::server {

using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;

struct ServerMetrics::Families {
    explicit Families(prometheus::Registry& r)
        : requests(prometheus::BuildCounter()
                       .Name("mancala_http_requests_total")
                       .Help("HTTP requests answered, by route pattern and status")
                       .Register(r)),
          latency(prometheus::BuildHistogram()
                      .Name("mancala_http_request_duration_seconds")
                      .Help("Time from a request's arrival in full to its answer, by route pattern")
                      .Register(r)),
          games(prometheus::BuildGauge()
                    .Name("mancala_games")
                    .Help("Games: in memory (cached), live in memory, and in the store (live, finished)")
                    .Register(r)),
          think(prometheus::BuildGauge()
                    .Name("mancala_think_pool")
                    .Help("The think pool: threads, busy threads, jobs waiting")
                    .Register(r)),
          connections(prometheus::BuildGauge()
                          .Name("mancala_http_connections_open")
                          .Help("Client connections open now")
                          .Register(r)),
          resident(prometheus::BuildGauge()
                       .Name("process_resident_memory_bytes")
                       .Help("Resident memory of the server process")
                       .Register(r)),
          evictions(prometheus::BuildCounter()
                        .Name("mancala_games_evicted_total")
                        .Help("Games dropped from memory to make room for new ones, by what they were")
                        .Register(r)),
          expired(
              prometheus::BuildCounter()
                  .Name("mancala_games_expired_total")
                  .Help("Games deleted because they were idle past --idle-timeout or finished past --keep-finished")
                  .Register(r)),
          refusals(prometheus::BuildCounter()
                       .Name("mancala_refusals_total")
                       .Help("Requests refused to protect the server: rate limit (429), games a client "
                             "has in play (429), think pool full (503), connection limit (closed), a slow "
                             "connection shed at the cap to let a newcomer in (closed)")
                       .Register(r)),
          in_memory(games.Add({{"where", "memory"}})),
          live(games.Add({{"where", "memory_live"}})),
          stored_live(games.Add({{"where", "store_live"}})),
          stored_finished(games.Add({{"where", "store_finished"}})),
          think_threads(think.Add({{"state", "threads"}})),
          think_busy(think.Add({{"state", "busy"}})),
          think_queued(think.Add({{"state", "queued"}})),
          open(connections.Add({})),
          resident_bytes(resident.Add({})),
          evicted_unplayed(evictions.Add({{"kind", "unplayed"}})),
          evicted_finished(evictions.Add({{"kind", "finished"}})),
          evicted_idle(evictions.Add({{"kind", "idle"}})),
          expired_games(expired.Add({})),
          rate_limited(refusals.Add({{"reason", "rate_limit"}})),
          games_per_client(refusals.Add({{"reason", "games_per_client"}})),
          think_refused(refusals.Add({{"reason", "think_pool_full"}})),
          connections_refused(refusals.Add({{"reason", "connection_limit"}})),
          connections_shed(refusals.Add({{"reason", "connection_shed"}})) {}

    Family<Counter>& requests;
    Family<Histogram>& latency;
    Family<Gauge>& games;
    Family<Gauge>& think;
    Family<Gauge>& connections;
    Family<Gauge>& resident;
    Family<Counter>& evictions;
    Family<Counter>& expired;
    Family<Counter>& refusals;
    Gauge& in_memory;
    Gauge& live;
    Gauge& stored_live;
    Gauge& stored_finished;
    Gauge& think_threads;
    Gauge& think_busy;
    Gauge& think_queued;
    Gauge& open;
    Gauge& resident_bytes;
    Counter& evicted_unplayed;
    Counter& evicted_finished;
    Counter& evicted_idle;
    Counter& expired_games;
    Counter& rate_limited;
    Counter& games_per_client;
    Counter& think_refused;
    Counter& connections_refused;
    Counter& connections_shed;
};

namespace {

/// Quick routes answer in well under a millisecond; thinking takes up to --max-think.
const Histogram::BucketBoundaries kLatencyBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                     0.1,    0.25,  0.5,    1,     2.5,  5,     10};

void add_new(Counter& counter, std::uint64_t now, std::uint64_t before) {
    if (now > before) counter.Increment(static_cast<double>(now - before));
}

}  // namespace

ServerMetrics::ServerMetrics()
    : registry_(std::make_shared<prometheus::Registry>()), families_(std::make_unique<Families>(*registry_)) {}

ServerMetrics::~ServerMetrics() = default;

void ServerMetrics::request(std::string_view route, int status, double seconds) {
    const std::string pattern(route);
    families_->requests.Add({{"route", pattern}, {"status", std::to_string(status)}}).Increment();
    families_->latency.Add({{"route", pattern}}, kLatencyBuckets).Observe(seconds);
}

std::string ServerMetrics::scrape(const MetricsSnapshot& now) {
    const std::lock_guard lock(scrape_mutex_);
    Families& f = *families_;
    f.in_memory.Set(static_cast<double>(now.games_in_memory));
    f.live.Set(static_cast<double>(now.games_live));
    f.stored_live.Set(static_cast<double>(now.stored_live));
    f.stored_finished.Set(static_cast<double>(now.stored_finished));
    f.think_threads.Set(now.think_threads);
    f.think_busy.Set(now.think_busy);
    f.think_queued.Set(static_cast<double>(now.think_queued));
    f.open.Set(static_cast<double>(now.connections_open));
    f.resident_bytes.Set(static_cast<double>(now.resident_bytes));
    add_new(f.evicted_unplayed, now.evicted_unplayed, reported_.evicted_unplayed);
    add_new(f.evicted_finished, now.evicted_finished, reported_.evicted_finished);
    add_new(f.evicted_idle, now.evicted_idle, reported_.evicted_idle);
    add_new(f.expired_games, now.expired, reported_.expired);
    add_new(f.rate_limited, now.rate_limited, reported_.rate_limited);
    add_new(f.games_per_client, now.games_per_client, reported_.games_per_client);
    add_new(f.think_refused, now.think_refused, reported_.think_refused);
    add_new(f.connections_refused, now.connections_refused, reported_.connections_refused);
    add_new(f.connections_shed, now.connections_shed, reported_.connections_shed);
    reported_ = now;
    return prometheus::TextSerializer().Serialize(registry_->Collect());
}

}  // namespace mancala::server
