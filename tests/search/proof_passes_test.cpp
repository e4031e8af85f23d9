// The hand-back of a proof pass: a helper's answer to the pass under way is taken
// by the main thread, which gives its own search of the pass up for it.

#include "search/proof_passes.hpp"
#include "search/search_worker.hpp"
#include "search/transposition_table.hpp"

#include <gtest/gtest.h>

namespace mancala::search {
namespace {

TEST(ProofPasses, TheFirstAnswerToThePassUnderWayCounts) {
    ProofPasses passes;
    const std::uint32_t first = passes.open(10);
    EXPECT_FALSE(passes.answered(first));
    EXPECT_FALSE(passes.answer_of(first).has_value());

    passes.answer(first, {2, 15, true});
    passes.answer(first, {4, 30, false});  // a second helper, later: not taken
    ASSERT_TRUE(passes.answered(first));
    const std::optional<ProofPasses::Answer> a = passes.answer_of(first);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->move, 2);
    EXPECT_EQ(a->score, 15);
    EXPECT_TRUE(a->proven);

    const std::uint32_t second = passes.open(16);
    EXPECT_NE(second, first);
    EXPECT_FALSE(passes.answered(second));
    passes.answer(first, {3, 9, true});  // an answer to a pass no longer under way
    EXPECT_FALSE(passes.answered(second));
    EXPECT_FALSE(passes.answer_of(second).has_value());
}

TEST(ProofPasses, TheMainThreadTakesAHelpersAnswer) {
    const Rules rules = make_rules("kalah", 6, 4);
    const Position start = Position::start(rules);
    TranspositionTable tt(16);
    SharedSearch shared;
    shared.tt = &tt;
    shared.total_stones = start.total_stones();
    SearchWorker<Position> main(shared, rules);
    std::vector<int> order;
    for (const int move : start.nonempty_pits()) order.push_back(move);

    // A helper has answered the pass already; the answer is planted so that it cannot
    // be mistaken for the search's own (Kalah(6,4) is a win by 8, not by 1,000).
    ProofPasses passes;
    const std::uint32_t pass = passes.open(kPointsPerStone);
    passes.answer(pass, {3, 1000 * kPointsPerStone, true});
    main.accept_answers(passes, pass);
    const RootScore taken =
        main.search_root(start, kProveDepth, kPointsPerStone - 1, kPointsPerStone, order, nullptr);
    EXPECT_FALSE(main.stopped());
    EXPECT_EQ(taken.move, 3);
    EXPECT_EQ(taken.score, 1000 * kPointsPerStone);
    EXPECT_TRUE(taken.proven);
    EXPECT_LE(main.nodes(), 2 * kCheckInterval);  // it gave its search up at its first look

    // Without an answer, its own search decides: the same move and score as a worker
    // that takes no answers (each with a table of its own, so that they compare).
    auto search_alone = [&](bool taking_answers) {
        TranspositionTable table(16);
        SharedSearch alone;
        alone.tt = &table;
        alone.total_stones = start.total_stones();
        SearchWorker<Position> worker(alone, rules);
        ProofPasses unanswered;
        if (taking_answers) worker.accept_answers(unanswered, unanswered.open(kPointsPerStone));
        const RootScore result =
            worker.search_root(start, 12, kPointsPerStone - 1, kPointsPerStone, order, nullptr);
        EXPECT_FALSE(worker.stopped());
        return result;
    };
    const RootScore own = search_alone(true);
    const RootScore reference = search_alone(false);
    EXPECT_LT(own.score, 1000 * kPointsPerStone);
    EXPECT_EQ(own.move, reference.move);
    EXPECT_EQ(own.score, reference.score);
}

}  // namespace
}  // namespace mancala::search
