// The ring fit (Congklak, Dakon, Ayoayo, Mangala): its features on hand-checked
// positions, and its place behind fitted_value.

#include "search/ring_fitted_evaluation.hpp"
#include "core/game_catalogue.hpp"
#include "core/position.hpp"
#include "search/fitted_evaluation.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace mancala::search {
namespace {

int weighted_sum(const RingFittedWeights& w, const RingFeatures& f) {
    return w.to_move + w.my_seeds * f.my_seeds + w.their_seeds * f.their_seeds + w.my_empty * f.my_empty +
           w.their_empty * f.their_empty + w.my_sown_over * f.my_sown_over + w.their_sown_over * f.their_sown_over +
           w.my_store_landings * f.my_store_landings + w.their_store_landings * f.their_store_landings +
           w.my_relays * f.my_relays + w.their_relays * f.their_relays + w.my_capture * f.my_capture +
           w.their_capture * f.their_capture;
}

// Congklak, 7 pits; rows in sowing order, the lap's cells: own pits 0-6, the own store 7,
// the other row 8-14.
//   Mine   1 0 3 0 2 0 1: pit 0 ends in empty pit 1 opposite their pit 5 (1): takes 2;
//          pit 2 ends in empty pit 5 opposite their empty pit 1: nothing; pit 4 ends in
//          pit 6 (1 stone): the relay goes on; pit 6 ends in the store.
//   Theirs 2 0 0 6 0 1 0: pit 0 ends in empty pit 2 opposite my pit 4 (2): takes 3;
//          pit 3 (6, four from the store) sows 2 over and ends in my empty pit 1;
//          pit 5 ends in empty pit 6 opposite my pit 0 (1): takes 2.
TEST(RingFittedEvaluation, HandCheckedCongklakPosition) {
    const Rules congklak = make_rules("congklak");
    const std::vector<int> mine{1, 0, 3, 0, 2, 0, 1}, theirs{2, 0, 0, 6, 0, 1, 0};
    const RingFeatures f = ring_features(mine.data(), theirs.data(), 7, congklak);
    EXPECT_EQ(f.my_seeds, 7);
    EXPECT_EQ(f.their_seeds, 9);
    EXPECT_EQ(f.my_empty, 3);
    EXPECT_EQ(f.their_empty, 4);
    EXPECT_EQ(f.my_sown_over, 0);
    EXPECT_EQ(f.their_sown_over, 2);
    EXPECT_EQ(f.my_store_landings, 1);
    EXPECT_EQ(f.their_store_landings, 0);
    EXPECT_EQ(f.my_relays, 1);
    EXPECT_EQ(f.their_relays, 0);
    EXPECT_EQ(f.my_capture, 2);
    EXPECT_EQ(f.their_capture, 3);

    const int expected = weighted_sum(kRingWeights[static_cast<int>(RingShape::RelayWithStores)], f);
    const Position p = Position::from_counts(mine, theirs, 0, 0, Side::South);
    EXPECT_EQ(fitted_value(p, congklak), expected);
    const Position q = Position::from_counts(theirs, mine, 0, 0, Side::North);
    EXPECT_EQ(fitted_value(q, congklak), expected);
}

// The same rows on six pits: with no store on the ring (Ayoayo) the last of my pit 5's
// three seeds falls in their pit 2 (2 seeds), and the relay goes on there; with the
// store on the ring (Congklak's rules) it falls one cell earlier, in their empty pit 1.
TEST(RingFittedEvaluation, TheStoreOnTheRingMovesWhereALapEnds) {
    const std::vector<int> mine{0, 0, 0, 0, 0, 3}, theirs{1, 0, 2, 0, 0, 0};
    Rules congklak6 = make_rules("congklak");
    congklak6.pits = 6;
    const RingFeatures ayoayo = ring_features(mine.data(), theirs.data(), 6, make_rules("ayoayo"));
    const RingFeatures congklak = ring_features(mine.data(), theirs.data(), 6, congklak6);
    EXPECT_EQ(ayoayo.my_relays, 1);
    EXPECT_EQ(congklak.my_relays, 0);
    EXPECT_EQ(ayoayo.my_store_landings + congklak.my_store_landings, 0);
    // Their pits 0 and 2 end in their own empty pits 1 and 4, opposite my empty pits.
    EXPECT_EQ(ayoayo.their_capture, 0);
    EXPECT_EQ(ayoayo.their_relays, 0);
}

// Mangala sows its first seed back into the emptied pit: my pit 5's three seeds go to
// pit 5, the store and their pit 0 (1 -> 2, even: taken). Sown from the next cell, as in
// Kalah, they would end in their pit 1 (3 -> 4: taken).
TEST(RingFittedEvaluation, MangalaStartsAtTheOriginAndTakesEvenCounts) {
    const std::vector<int> mine{0, 0, 0, 0, 0, 3}, theirs{1, 3, 0, 0, 0, 0};
    const Rules mangala = make_rules("mangala");
    EXPECT_EQ(ring_features(mine.data(), theirs.data(), 6, mangala).my_capture, 2);
    Rules from_next = mangala;
    from_next.start = SowingStart::Next;
    EXPECT_EQ(ring_features(mine.data(), theirs.data(), 6, from_next).my_capture, 4);
    // Their pit 1 (3, from the origin) ends in their empty pit 3, opposite my empty pit 2.
    EXPECT_EQ(ring_features(mine.data(), theirs.data(), 6, mangala).their_capture, 0);
}

TEST(RingFittedEvaluation, EachShapeHasItsWeights) {
    EXPECT_EQ(ring_shape(make_rules("congklak")), RingShape::RelayWithStores);
    EXPECT_EQ(ring_shape(make_rules("dakon")), RingShape::RelayWithStores);
    EXPECT_EQ(ring_shape(make_rules("ayoayo")), RingShape::RelayWithoutStores);
    EXPECT_EQ(ring_shape(make_rules("mangala")), RingShape::Single);
    for (const char* game : {"congklak", "dakon", "ayoayo", "mangala"}) {
        const Rules rules = make_rules(game);
        EXPECT_FALSE(kalah_shaped(rules) || count_capture_family(rules)) << game;
    }
}

}  // namespace
}  // namespace mancala::search
