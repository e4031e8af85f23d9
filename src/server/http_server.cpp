#include "server/http_server.hpp"

#include "agents/endgame_link.hpp"
#include "core/rules.hpp"
#include "server/assets.hpp"
#include "server/front_desk.hpp"
#include "server/host_header.hpp"
#include "server/json_views.hpp"
#include "server/review_jobs.hpp"
#include "server/routes.hpp"
#include "server/server_metrics.hpp"
#include "server/think_costs.hpp"
#include "server/think_pool.hpp"
#include "util/memory_usage.hpp"

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mancala::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

namespace {

/// How many connections may wait to be accepted.
constexpr int kListenBacklog = 1024;
/// Longest error message sent (messages quote at most a short prefix of what they refuse).
constexpr std::size_t kMaxErrorLength = 500;

/// An answer whose body is JSON text already.
Response text_response(int status, std::string text) {
    Response response;
    response.status = status;
    if (status != 204) response.body = std::move(text);
    response.headers.emplace_back("Cache-Control", "no-store");
    return response;
}

Response json_response(int status, const json& body) {
    return text_response(status, status == 204 ? std::string() : json_text(body));
}

Response error_response(int status, std::string message, int retry_after = 0) {
    if (message.size() > kMaxErrorLength) message = message.substr(0, kMaxErrorLength) + "...";
    Response response = json_response(status, json{{"error", message}});
    if (retry_after > 0) response.headers.emplace_back("Retry-After", std::to_string(retry_after));
    return response;
}

/// Whether a Content-Type names JSON: "application/json", any case, any parameters.
bool is_json(const std::optional<std::string>& content_type) {
    if (!content_type) return false;
    std::string media = content_type->substr(0, content_type->find(';'));
    std::erase_if(media, [](char c) { return c == ' ' || c == '\t'; });
    for (char& c : media) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return media == "application/json";
}

/// Runs one route, turning every exception into an answer: the client's mistakes are
/// 4xx, a store that cannot be written or a full server 503, anything else (a bug) 500.
template <class Route>
Response answer(Route route) {
    try {
        Reply reply = route();
        if (reply.text.empty()) return json_response(reply.status, reply.body);
        return text_response(reply.status, std::move(reply.text));
    } catch (const ApiError& e) {
        return error_response(e.status(), e.what(), e.retry_after());
    } catch (const StoreFull& e) {
        return error_response(503, e.what(), 60);
    } catch (const TooManyGames& e) {
        return error_response(429, e.what(), 60);
    } catch (const DamagedGame& e) {
        // Not the store failing: this one game's record. Asking again will not help.
        return error_response(410, fmt::format("this game's record is damaged and was put aside: {}", e.what()));
    } catch (const StoreError& e) {
        return error_response(503, fmt::format("the game store cannot be used: {}", e.what()), 5);
    } catch (const json::exception& e) {
        return error_response(400, fmt::format("malformed JSON: {}", e.what()));
    } catch (const std::invalid_argument& e) {
        return error_response(400, e.what());
    } catch (const std::exception& e) {
        return error_response(500, fmt::format("internal error: {}", e.what()));
    } catch (...) {
        return error_response(500, "internal error");
    }
}

int default_think_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

}  // namespace

struct HttpServer::Impl final : RequestHandler {
    explicit Impl(ServerOptions opts)
        : options(std::move(opts)),
          database(options.store_path, options.durability),
          store(options.store, database),
          api(store, options.api),
          limiter(options.new_games),
          connections(options.max_connections, options.max_connections_per_client, options.shed_after),
          control(net::make_strand(io)),
          acceptor(front),
          sweep_timer(control),
          stop_timer(control),
          retry_timer(front),
          reviews(options.review,
                  [this](std::function<void()> job, ReviewJobs::Duration cost) {
                      return pool.try_submit(std::move(job), cost);
                  }),
          costs(options.api.max_think),
          pool(options.think_threads > 0 ? options.think_threads : default_think_threads(), options.think_queue,
               options.think_wait.count() > 0 ? options.think_wait : options.api.max_think, options.think_nice) {}

    // ---- RequestHandler ----

    std::optional<Response> check_head(const RequestHead& head) override {
        // A server on loopback answers only to loopback names: a page whose own name was made
        // to resolve to 127.0.0.1 (DNS rebinding) is same-origin for the browser, but says so.
        if (loopback_only && !names_loopback(head.host))
            return error_response(
                421, fmt::format("this server answers only to localhost, not to {}", quoted_prefix(head.host)));
        const std::optional<RouteMatch> match = match_route(head.method, head.path);
        if (!match)
            return error_response(404, fmt::format("no route {} {}", head.method, quoted_prefix(head.path)));
        if (!match->route) {
            Response refusal =
                error_response(405, fmt::format("{} does not take {} (it takes {})", quoted_prefix(head.path),
                                                head.method, match->allowed));
            refusal.headers.emplace_back("Allow", match->allowed);
            return refusal;
        }
        // Only JSON may be posted: a page on another origin cannot send it without the
        // browser asking first (CORS preflight), and this server never says yes.
        if (match->route->method == "POST" && !is_json(head.content_type))
            return error_response(415,
                                  "POST bodies must be JSON: send Content-Type: application/json (and '{}' "
                                  "if there is nothing to say)");
        return std::nullopt;
    }

    void handle(Request request, std::function<void(Response)> reply) override {
        // Counted until answered, so that stop() lets it finish.
        ++in_flight;
        auto respond = [this, reply = std::move(reply)](Response response) {
            --in_flight;
            reply(std::move(response));
        };
        const std::optional<RouteMatch> match = match_route(request.head.method, request.head.path);
        if (!match || !match->route) return respond(error_response(404, "no route"));  // checked in check_head
        const Route& route = *match->route;
        if (route.thinks) return think(route, match->game_id, std::move(request), respond);
        Response response = quick(route, match->game_id, request);
        response.route = std::string(route.pattern);
        respond(std::move(response));
    }

    Response refuse(int status, const std::string& message) override { return error_response(status, message); }

    void answered(const RequestHead& head, const Response& response, double seconds) override {
        metrics.request(response.route, response.status, seconds);
        if (!options.log_requests) return;
        const std::string line =
            fmt::format("{} {} {} {} {:.1f}ms\n", head.client, head.method.empty() ? "-" : head.method,
                        response.route, response.status, seconds * 1000);
        const std::lock_guard lock(log_mutex);
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
    }

    // ---- routes ----

    Response quick(const Route& route, const std::string& id, const Request& request) {
        const std::string& body = request.body;
        switch (route.id) {
            case RouteId::create_game:
                if (const int wait = limiter.take(request.head.client_key); wait > 0) {
                    ++rate_limited;
                    return error_response(429,
                                          fmt::format("too many new games from your address (the limit is {:g} a "
                                                      "minute); try again in {} s",
                                                      options.new_games.per_minute, wait),
                                          wait);
                }
                if (Response r = answer([&] { return api.create_game(body, request.head.client_key); });
                    r.status != 429) {
                    return r;
                } else {
                    ++games_per_client;
                    return r;
                }
            case RouteId::get_game:
                return answer([&] { return api.get_game(id, Api::since_of(request.head.query)); });
            case RouteId::delete_game:
                return answer([&] { return api.delete_game(id); });
            case RouteId::play_move:
                return answer([&] { return api.play_move(id, body, Api::since_of(request.head.query)); });
            case RouteId::undo:
                return answer([&] { return api.undo(id, body, Api::since_of(request.head.query)); });
            case RouteId::agents:
                return answer([&] { return api.agents(); });
            case RouteId::rules:
                return answer([&] { return api.rules(); });
            case RouteId::health:
                return answer([&] { return health(); });
            case RouteId::metrics:
                return scrape();
            case RouteId::asset:
                return asset(request.head);
            case RouteId::start_review:
                return answer([&] { return start_review(id, body); });
            case RouteId::review:
                return answer([&] { return Reply{200, reviews.status(id)}; });
            case RouteId::ai_move:
            case RouteId::hint:
                break;
        }
        return error_response(500, "internal error: a thinking route on the quick path");
    }

    /// A route that thinks: checked at once (a request that cannot succeed never waits
    /// for a thread), then run on the think pool, or refused with 503 if it is full.
    void think(const Route& route, const std::string& id, Request request, std::function<void(Response)> respond) {
        const bool ai = route.id == RouteId::ai_move;
        std::string kind = "hint";
        std::optional<std::size_t> since;
        Response refusal = answer([&] {
            since = Api::since_of(request.head.query);
            if (ai) {
                kind = "ai-move " + api.check_ai_move(id, request.body);
            } else {
                api.check_hint(id);
            }
            return Reply{200, nullptr};
        });
        refusal.route = std::string(route.pattern);
        if (refusal.status != 200) return respond(std::move(refusal));
        const ThinkCosts::Duration prior =
            ai ? costs.prior_for_agent(kind.substr(8)) : ThinkCosts::Duration(options.api.hint());
        auto job = [this, ai, id, kind, since, body = std::move(request.body), pattern = std::string(route.pattern),
                    respond] {
            const auto start = std::chrono::steady_clock::now();
            Response response = answer([&] { return ai ? api.ai_move(id, body, since) : api.hint(id); });
            if (response.status == 200) costs.record(kind, std::chrono::steady_clock::now() - start);
            response.route = pattern;
            respond(std::move(response));
        };
        if (pool.try_submit(std::move(job), costs.expected(kind, prior))) return;
        ++think_refused;
        const auto wait = static_cast<int>(std::ceil(std::chrono::duration<double>(options.api.max_think).count()));
        Response busy = error_response(503, "the server is busy thinking for other players; try again in a moment",
                                       std::max(1, wait));
        busy.route = std::string(route.pattern);
        respond(std::move(busy));
    }

    /// Starts (or finds) the review of a finished game: it runs on the think pool, a
    /// position a job, and the page polls GET .../review for its progress.
    Reply start_review(const std::string& id, const std::string& body) {
        review::GameMoves game = api.finished_game(id, body);
        // The databases of --db, else one of the server's own (as the levels build), opened
        // or built by the review's first step on the think pool, not here.
        ReviewJobs::EndgameMaker endgame;
        const agents::AgentContext& context = options.api.agents;
        // Games whose positions repeat (Oware, Awari) get theirs too (solve/cyclic_database.hpp).
        if (context.endgame_source)
            endgame = [&context, rules = game.rules] {
                return agents::host_database(context, rules, agents::kDefaultOwnDatabaseMiB);
            };
        json status = reviews.start(id, std::move(game), std::move(endgame));
        const int code = status["status"] == "running" ? 202 : 200;
        return Reply{code, std::move(status)};
    }

    Reply health() const {
        Reply reply = api.health();
        const ThinkPool::Load load = pool.load();
        reply.body["think"] = json{{"threads", load.threads},
                                   {"busy", load.busy},
                                   {"queued", load.queued},
                                   {"queued_seconds", load.queued_seconds},
                                   {"wait_seconds", load.wait_seconds}};
        reply.body["connections"] = connections.open();
        return reply;
    }

    Response scrape() {
        MetricsSnapshot now;
        now.games_in_memory = store.in_memory();
        now.games_live = store.live();
        try {
            const GameDatabase::Counts counts = database.counts();
            now.stored_live = counts.live;
            now.stored_finished = counts.finished;
        } catch (const StoreError&) {
            // the gauges keep their last values; the error shows on the routes that write
        }
        const ThinkPool::Load load = pool.load();
        now.think_threads = load.threads;
        now.think_busy = load.busy;
        now.think_queued = load.queued;
        now.connections_open = connections.open();
        const GameStore::Totals totals = store.totals();
        now.evicted_unplayed = totals.evicted_unplayed;
        now.evicted_finished = totals.evicted_finished;
        now.evicted_idle = totals.evicted_idle;
        now.expired = totals.expired;
        now.rate_limited = rate_limited;
        now.games_per_client = games_per_client;
        now.think_refused = think_refused;
        now.connections_refused = connections_refused;
        now.connections_shed = connections.shed_total();
        now.resident_bytes = resident_bytes();
        Response response;
        response.content_type = "text/plain; version=0.0.4; charset=utf-8";
        response.body = metrics.scrape(now);
        response.headers.emplace_back("Cache-Control", "no-store");
        return response;
    }

    // The page's files: gzipped where the client takes it, and revalidated by ETag, so a
    // reload costs a 304 rather than the whole page.
    Response asset(const RequestHead& head) const {
        try {
            std::optional<Asset> found = find_asset(options.assets, head.path);
            if (!found) return error_response(404, fmt::format("no file {}", quoted_prefix(head.path)));
            Response response;
            response.content_type = std::string(found->content_type);
            if (etag_matches(head.if_none_match, found->etag)) {
                response.status = 304;
            } else if (!found->gzip.empty() && accepts_gzip(head.accept_encoding)) {
                response.body = std::string(found->gzip);
                response.headers.emplace_back("Content-Encoding", "gzip");
            } else {
                response.body = std::move(found->body);
            }
            if (!found->etag.empty()) response.headers.emplace_back("ETag", std::string(found->etag));
            if (!found->gzip.empty()) response.headers.emplace_back("Vary", "Accept-Encoding");
            response.headers.emplace_back("Cache-Control", "no-cache");
            response.headers.emplace_back("X-Content-Type-Options", "nosniff");
            response.headers.emplace_back("X-Frame-Options", "DENY");
            return response;
        } catch (const std::exception& e) {
            return error_response(500, fmt::format("internal error: {}", e.what()));
        }
    }

    // ---- accepting, sweeping, stopping ----

    void accept() {
        acceptor.async_accept(net::make_strand(front), [this](boost::system::error_code ec, tcp::socket socket) {
            if (!acceptor.is_open()) return;
            if (ec) {
                // Out of file descriptors, say: wait a little rather than spin.
                retry_timer.expires_after(std::chrono::milliseconds(50));
                return retry_timer.async_wait([this](boost::system::error_code) { accept(); });
            }
            boost::system::error_code peer_error;
            const tcp::endpoint peer = socket.remote_endpoint(peer_error);
            const std::string client = peer_error ? "unknown" : client_key(peer.address());
            if (std::optional<ConnectionCount::Ticket> ticket = connections.admit(client)) {
                greet_connection(std::move(socket), io.get_executor(), *this, options.connection,
                                 std::move(*ticket));
            } else {
                ++connections_refused;  // past the total, or past the client's own share
                boost::system::error_code ignored;
                socket.close(ignored);
            }
            accept();
        });
    }

    void schedule_sweep() {
        sweep_timer.expires_after(options.sweep_interval);
        sweep_timer.async_wait([this](boost::system::error_code ec) {
            if (ec) return;
            try {
                store.sweep();
            } catch (const std::exception& e) {
                fmt::print(stderr, "mancala serve: sweeping expired games failed: {}\n", e.what());
            }
            schedule_sweep();
        });
    }

    void begin_stop() {
        net::post(front, [this] {
            boost::system::error_code ignored;
            acceptor.close(ignored);
            retry_timer.cancel();
        });
        sweep_timer.cancel();
        stop_deadline = std::chrono::steady_clock::now() + options.api.max_think + std::chrono::seconds(2);
        wait_for_requests();
    }

    void wait_for_requests() {
        if (in_flight.load() <= 0 || std::chrono::steady_clock::now() >= stop_deadline) return io.stop();
        stop_timer.expires_after(std::chrono::milliseconds(10));
        stop_timer.async_wait([this](boost::system::error_code) { wait_for_requests(); });
    }

    ServerOptions options;
    GameDatabase database;
    GameStore store;
    Api api;
    RateLimiter limiter;
    ServerMetrics metrics;
    ConnectionCount connections;
    std::atomic<int> in_flight{0};
    std::atomic<std::uint64_t> rate_limited{0};
    std::atomic<std::uint64_t> games_per_client{0};
    std::atomic<std::uint64_t> think_refused{0};
    std::atomic<std::uint64_t> connections_refused{0};
    std::mutex log_mutex;
    std::atomic<bool> is_running{false};
    bool loopback_only = false;  ///< listening on a loopback address: Host must name this machine
    std::chrono::steady_clock::time_point stop_deadline;
    net::io_context io;
    /// The front desk's thread: accepting, and answering health probes (front_desk.hpp).
    net::io_context front;
    /// Sweeping and stopping run one at a time on this strand.
    net::strand<net::io_context::executor_type> control;
    tcp::acceptor acceptor;
    net::steady_timer sweep_timer;
    net::steady_timer stop_timer;
    net::steady_timer retry_timer;
    ReviewJobs reviews;  ///< before the pool: destroyed after it, once no step runs
    ThinkCosts costs;
    // Last: destroyed first, so no thinking outlives the store, the api or the io context.
    ThinkPool pool;
};

HttpServer::HttpServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& host, int port) {
    const auto cannot = [&](const std::string& why) {
        return std::runtime_error(fmt::format("cannot listen on {}:{} ({})", host, port, why));
    };
    boost::system::error_code ec;
    net::ip::address address = net::ip::make_address(host, ec);
    if (ec) {
        tcp::resolver resolver(impl_->io);
        const auto results = resolver.resolve(host, std::to_string(port), ec);
        if (ec || results.empty()) throw cannot("no such address");
        address = results.begin()->endpoint().address();
    }
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
    tcp::acceptor& acceptor = impl_->acceptor;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(kListenBacklog, ec);
    if (ec) {
        boost::system::error_code ignored;
        acceptor.close(ignored);
        throw cannot(ec == net::error::address_in_use ? "address in use" : ec.message());
    }
    impl_->loopback_only = address.is_loopback();
    return acceptor.local_endpoint().port();
}

void HttpServer::run() {
    Impl& impl = *impl_;
    net::post(impl.front, [&impl] { impl.accept(); });
    net::post(impl.control, [&impl] { impl.schedule_sweep(); });
    std::thread front_desk([&impl] { impl.front.run(); });
    std::vector<std::thread> threads;
    for (int i = 1; i < std::max(1, impl.options.io_threads); ++i) threads.emplace_back([&impl] { impl.io.run(); });
    impl.is_running = true;
    impl.io.run();
    impl.is_running = false;
    impl.front.stop();  // probes still being answered are dropped, as the io threads' connections are
    front_desk.join();
    for (std::thread& thread : threads) thread.join();
}

void HttpServer::stop() {
    net::post(impl_->control, [impl = impl_.get()] { impl->begin_stop(); });
}

bool HttpServer::running() const { return impl_->is_running; }

GameStore& HttpServer::store() { return impl_->store; }

}  // namespace mancala::server
