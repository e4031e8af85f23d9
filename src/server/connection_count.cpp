#include "server/connection_count.hpp"

namespace mancala::server {

struct ConnectionCount::State {
    State(std::size_t total, std::size_t per_client) : max_total(total), max_per_client(per_client) {}
    const std::size_t max_total;
    const std::size_t max_per_client;
    mutable std::mutex mutex;
    std::size_t open = 0;
    std::unordered_map<std::string, std::size_t> by_client;  ///< only clients with a connection open
};

ConnectionCount::ConnectionCount(std::size_t max_total, std::size_t max_per_client)
    : state_(std::make_shared<State>(max_total, max_per_client)) {}

ConnectionCount::Ticket::Ticket(std::shared_ptr<State> state, std::string client)
    : state_(std::move(state)), client_(std::move(client)) {}

ConnectionCount::Ticket::~Ticket() { release(); }

ConnectionCount::Ticket& ConnectionCount::Ticket::operator=(Ticket&& other) noexcept {
    if (this != &other) {
        release();
        state_ = std::move(other.state_);
        client_ = std::move(other.client_);
    }
    return *this;
}

void ConnectionCount::Ticket::release() noexcept {
    if (!state_) return;  // moved from
    const std::lock_guard lock(state_->mutex);
    --state_->open;
    const auto it = state_->by_client.find(client_);
    if (it != state_->by_client.end() && --it->second == 0) state_->by_client.erase(it);
    state_.reset();
}

std::optional<ConnectionCount::Ticket> ConnectionCount::admit(const std::string& client, Refusal* why) {
    const std::lock_guard lock(state_->mutex);
    Refusal refusal = Refusal::None;
    if (state_->open >= state_->max_total) {
        refusal = Refusal::Total;
    } else if (state_->max_per_client > 0) {
        const auto it = state_->by_client.find(client);
        if (it != state_->by_client.end() && it->second >= state_->max_per_client) refusal = Refusal::PerClient;
    }
    if (why) *why = refusal;
    if (refusal != Refusal::None) return std::nullopt;
    ++state_->open;
    ++state_->by_client[client];
    return Ticket(state_, client);
}

std::size_t ConnectionCount::open() const {
    const std::lock_guard lock(state_->mutex);
    return state_->open;
}

std::size_t ConnectionCount::open_from(const std::string& client) const {
    const std::lock_guard lock(state_->mutex);
    const auto it = state_->by_client.find(client);
    return it == state_->by_client.end() ? 0 : it->second;
}

}  // namespace mancala::server
