// KeptAgents: an agent that may be kept is built once per slot and key, and told
// new_game() only when another game comes; any other agent is built for every game.

#include "agents/kept_agents.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace mancala::agents {
namespace {

/// Counts its new games; plays nothing.
class CountingAgent final : public Agent {
public:
    explicit CountingAgent(bool kept) : kept_(kept) {}
    std::string spec() const override { return "counting"; }
    Decision choose(const Rules&, const Position&, const MoveBudget&) override { return {}; }
    void new_game() override { ++new_games; }
    bool kept_across_games() const override { return kept_; }
    int new_games = 0;

private:
    bool kept_;
};

TEST(KeptAgents, BuildsAKeptAgentOnceAndSaysNewGameOnlyWhenTheGameChanges) {
    KeptAgents slot;
    int built = 0;
    const auto make = [&] {
        ++built;
        return std::make_unique<CountingAgent>(true);
    };
    const std::shared_ptr<Agent> first = slot.for_game("program", "game 1", make);
    EXPECT_EQ(slot.for_game("program", "game 1", make), first);  // the same game's next move
    EXPECT_EQ(static_cast<CountingAgent&>(*first).new_games, 0);
    EXPECT_EQ(slot.for_game("program", "game 2", make), first);
    EXPECT_EQ(static_cast<CountingAgent&>(*first).new_games, 1);
    EXPECT_EQ(built, 1);
    // Another key is another program.
    EXPECT_NE(slot.for_game("program #2", "game 2", make), first);
    EXPECT_EQ(built, 2);
    EXPECT_EQ(slot.size(), 2U);
}

TEST(KeptAgents, BuildsEveryOtherAgentForEachGame) {
    KeptAgents slot;
    int built = 0;
    const auto make = [&] {
        ++built;
        return std::make_unique<CountingAgent>(false);
    };
    const std::shared_ptr<Agent> first = slot.for_game("engine", "game 1", make);
    EXPECT_NE(slot.for_game("engine", "game 1", make), first);
    EXPECT_EQ(built, 2);
    EXPECT_EQ(slot.size(), 0U);
}

TEST(KeptAgentSlots, MovesAtOnceGetSlotsOfTheirOwnAndASlotIsUsedAgain) {
    KeptAgentSlots slots;
    KeptAgents* first = nullptr;
    {
        KeptAgentSlots::Lease a = slots.borrow();
        KeptAgentSlots::Lease b = slots.borrow();
        EXPECT_NE(&*a, &*b);
        first = &*a;
    }
    KeptAgentSlots::Lease again = slots.borrow();
    KeptAgentSlots::Lease other = slots.borrow();
    EXPECT_TRUE(&*again == first || &*other == first);  // both were given back; both are used again
}

}  // namespace
}  // namespace mancala::agents
