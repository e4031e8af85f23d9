#pragma once
// The server's open connections, in all and by client address. A connection is let in
// only while both counts are under their caps, so one address holding many sockets
// (each trickling a header byte) cannot take every slot from everyone else. The count
// of an address is the one rate limits use (client_key: IPv6 by its /64). At the total
// cap, many addresses doing the same would still shut everyone out: a newcomer is then
// let in by shedding the connection that has waited longest for its request (a slow
// one, or an idle keep-alive one), never one whose request is being answered.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace mancala::server {

class ConnectionCount {
    struct State;

public:
    /// At most `max_total` connections, and at most `max_per_client` from one client
    /// (0: no cap by client, as behind a proxy where every client has its address). A
    /// connection may be shed once it has waited `shed_after` for its request.
    ConnectionCount(std::size_t max_total, std::size_t max_per_client,
                    std::chrono::milliseconds shed_after = std::chrono::seconds(1));

    /// A connection's place in the counts, given back when the ticket goes.
    class Ticket {
    public:
        Ticket(Ticket&&) noexcept = default;
        Ticket& operator=(Ticket&& other) noexcept;  ///< gives back its own place first
        Ticket(const Ticket&) = delete;
        Ticket& operator=(const Ticket&) = delete;
        ~Ticket();
        /// The client counted: its key as rate limits see it (client_key).
        const std::string& client() const { return client_; }
        /// The connection waits for a request from now on: at the total cap it may be shed,
        /// by `shed` (called once, from the thread that admits a newcomer: it must only ask
        /// the connection to close). Its place is given back at once.
        void waiting(std::function<void()> shed);
        /// Its request has come: it is not to be shed while it is answered.
        void busy();

    private:
        friend class ConnectionCount;
        struct Place;
        Ticket(std::shared_ptr<State> state, std::shared_ptr<Place> place, std::string client);
        void release() noexcept;
        std::shared_ptr<State> state_;
        std::shared_ptr<Place> place_;
        std::string client_;
    };

    enum class Refusal { None, Total, PerClient };

    /// A ticket for a new connection from `client`, or nullopt past a cap (`why` says which).
    /// At the total cap, the connection waiting longest (at least shed_after) is shed instead.
    std::optional<Ticket> admit(const std::string& client, Refusal* why = nullptr);

    std::size_t open() const;
    /// Connections shed so far to let newcomers in.
    std::size_t shed_total() const;
    /// Connections now open from `client`.
    std::size_t open_from(const std::string& client) const;

private:
    std::shared_ptr<State> state_;
};

}  // namespace mancala::server
