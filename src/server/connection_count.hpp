#pragma once
// The server's open connections, in all and by client address. A connection is let in
// only while both counts are under their caps, so one address holding many sockets
// (each trickling a header byte) cannot take every slot from everyone else. The count
// of an address is the one rate limits use (client_key: IPv6 by its /64).

#include <cstddef>
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
    /// (0: no cap by client, as behind a proxy where every client has its address).
    ConnectionCount(std::size_t max_total, std::size_t max_per_client);

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

    private:
        friend class ConnectionCount;
        Ticket(std::shared_ptr<State> state, std::string client);
        void release() noexcept;
        std::shared_ptr<State> state_;
        std::string client_;
    };

    enum class Refusal { None, Total, PerClient };

    /// A ticket for a new connection from `client`, or nullopt past a cap (`why` says which).
    std::optional<Ticket> admit(const std::string& client, Refusal* why = nullptr);

    std::size_t open() const;
    /// Connections now open from `client`.
    std::size_t open_from(const std::string& client) const;

private:
    std::shared_ptr<State> state_;
};

}  // namespace mancala::server
