#include "server/connection_count.hpp"

#include <list>

namespace mancala::server {

using Clock = std::chrono::steady_clock;

/// A connection's place: counted until it is given back (when its ticket goes, or when
/// it is shed), and, while it waits for a request, since when and how to shed it.
struct ConnectionCount::Ticket::Place {
    std::string client;
    bool counted = true;
    std::optional<Clock::time_point> waiting_since;
    std::function<void()> shed;
    std::list<std::shared_ptr<Place>>::iterator at;  ///< its entry in State::places
};

struct ConnectionCount::State {
    State(std::size_t total, std::size_t per_client, std::chrono::milliseconds shed_after)
        : max_total(total), max_per_client(per_client), shed_after(shed_after) {}
    const std::size_t max_total;
    const std::size_t max_per_client;
    const std::chrono::milliseconds shed_after;
    mutable std::mutex mutex;
    std::size_t open = 0;
    std::size_t shed = 0;
    std::unordered_map<std::string, std::size_t> by_client;  ///< only clients with a connection open
    std::list<std::shared_ptr<Ticket::Place>> places;        ///< every counted place

    /// Gives back a place's share of the counts (mutex held).
    void uncount(Ticket::Place& place) {
        if (!place.counted) return;
        place.counted = false;
        --open;
        const auto it = by_client.find(place.client);
        if (it != by_client.end() && --it->second == 0) by_client.erase(it);
        places.erase(place.at);
    }
};

ConnectionCount::ConnectionCount(std::size_t max_total, std::size_t max_per_client,
                                 std::chrono::milliseconds shed_after)
    : state_(std::make_shared<State>(max_total, max_per_client, shed_after)) {}

ConnectionCount::Ticket::Ticket(std::shared_ptr<State> state, std::shared_ptr<Place> place, std::string client)
    : state_(std::move(state)), place_(std::move(place)), client_(std::move(client)) {}

ConnectionCount::Ticket::~Ticket() { release(); }

ConnectionCount::Ticket& ConnectionCount::Ticket::operator=(Ticket&& other) noexcept {
    if (this != &other) {
        release();
        state_ = std::move(other.state_);
        place_ = std::move(other.place_);
        client_ = std::move(other.client_);
    }
    return *this;
}

void ConnectionCount::Ticket::release() noexcept {
    if (!state_) return;            // moved from
    std::function<void()> dropped;  // destroyed outside the lock
    {
        const std::lock_guard lock(state_->mutex);
        state_->uncount(*place_);
        dropped = std::move(place_->shed);
    }
    state_.reset();
    place_.reset();
}

void ConnectionCount::Ticket::waiting(std::function<void()> shed) {
    if (!state_) return;
    const std::lock_guard lock(state_->mutex);
    if (!place_->counted) return;  // shed already
    place_->waiting_since = Clock::now();
    place_->shed = std::move(shed);
}

void ConnectionCount::Ticket::busy() {
    if (!state_) return;
    std::function<void()> dropped;
    const std::lock_guard lock(state_->mutex);
    place_->waiting_since.reset();
    dropped.swap(place_->shed);
}

std::optional<ConnectionCount::Ticket> ConnectionCount::admit(const std::string& client, Refusal* why) {
    std::function<void()> shed;  // called outside the lock
    std::optional<Ticket> ticket;
    {
        const std::lock_guard lock(state_->mutex);
        Refusal refusal = Refusal::None;
        if (state_->max_per_client > 0) {
            const auto it = state_->by_client.find(client);
            if (it != state_->by_client.end() && it->second >= state_->max_per_client) refusal = Refusal::PerClient;
        }
        if (refusal == Refusal::None && state_->open >= state_->max_total) {
            // The place waiting longest, if it has waited long enough (a thousand places at most).
            const auto now = Clock::now();
            Ticket::Place* oldest = nullptr;
            for (const std::shared_ptr<Ticket::Place>& place : state_->places)
                if (place->waiting_since && now - *place->waiting_since >= state_->shed_after &&
                    (!oldest || *place->waiting_since < *oldest->waiting_since))
                    oldest = place.get();
            if (oldest) {
                shed = std::move(oldest->shed);
                oldest->waiting_since.reset();
                state_->uncount(*oldest);
                ++state_->shed;
            } else {
                refusal = Refusal::Total;
            }
        }
        if (why) *why = refusal;
        if (refusal == Refusal::None) {
            ++state_->open;
            ++state_->by_client[client];
            auto place = std::make_shared<Ticket::Place>();
            place->client = client;
            state_->places.push_front(place);
            place->at = state_->places.begin();
            ticket.emplace(Ticket(state_, std::move(place), client));
        }
    }
    if (shed) shed();
    return ticket;
}

std::size_t ConnectionCount::open() const {
    const std::lock_guard lock(state_->mutex);
    return state_->open;
}

std::size_t ConnectionCount::shed_total() const {
    const std::lock_guard lock(state_->mutex);
    return state_->shed;
}

std::size_t ConnectionCount::open_from(const std::string& client) const {
    const std::lock_guard lock(state_->mutex);
    const auto it = state_->by_client.find(client);
    return it == state_->by_client.end() ? 0 : it->second;
}

}  // namespace mancala::server
