// The cells a move sows into, on hand-checked positions (a plain move, a lap with a
// capture, relay sowing, a cut-off sowing of 1000 stones) and against the board
// counts of Position::apply on random games of every preset.

#include "play/sown_cells.hpp"

#include "core/notation.hpp"
#include "core/pit_names.hpp"
#include "play/move_description.hpp"

#include <gtest/gtest.h>

#include <random>

namespace mancala::play {
namespace {

std::vector<std::string> sown_names(const Rules& rules, const std::string& position, std::string_view pit,
                                    std::size_t cap = 1000, bool* truncated = nullptr) {
    const Position before = parse_position(position);
    const SownCells sown = sown_cells(rules, before, *parse_pit_name(rules.pits, before.to_move(), pit), cap);
    if (truncated) *truncated = sown.truncated;
    std::vector<std::string> names;
    for (const int cell : sown.cells) names.push_back(cell_name(rules.pits, cell));
    return names;
}

using Names = std::vector<std::string>;

TEST(SownCells, IntoTheOwnStore) {
    EXPECT_EQ(sown_names(make_rules("kalah", 6, 4), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S", "B4"),
              (Names{"B5", "B6", "B7", "B8"}));
}

TEST(SownCells, NorthSowsLeftAlongRowAThenIntoRowB) {
    EXPECT_EQ(sown_names(make_rules("kalah", 6, 4), "4,4,4,4,4,4/4,4,4,4,4,4/0/0/N", "A4"),
              (Names{"A3", "A2", "A1", "B2"}));
}

TEST(SownCells, ALapSkipsTheOpponentsStoreAndRefillsTheStartPitThenCaptures) {
    // 13 stones from B2: around the board once, skipping A1, the last back into the emptied B2,
    // which captures it with A2 (opposite) under Kalah rules.
    const Rules rules = make_rules("kalah", 6, 1);
    const std::string start = "1,1,1,1,1,1/13,0,0,0,0,0/0/0/S";
    EXPECT_EQ(sown_names(rules, start, "B2"),
              (Names{"B3", "B4", "B5", "B6", "B7", "B8", "A7", "A6", "A5", "A4", "A3", "A2", "B2"}));
    Position after = parse_position(start);
    const MoveResult result = after.apply(rules, 0);
    EXPECT_TRUE(result.capture);
    EXPECT_EQ(result.captured, 3);  // the last stone and A2's two
    EXPECT_EQ(cell_name(6, 2 * 6 - result.last_cell), "A2");
}

TEST(SownCells, SouthSkipsA1NorthSkipsTheSouthStore) {
    // 8 stones from A2 (North, 3 pits): A1, B2, B3, B4, (B5 skipped) A4, A3, A2, A1.
    EXPECT_EQ(sown_names(make_rules("kalah", 3, 1), "8,0,0/1,1,1/0/0/N", "A2"),
              (Names{"A1", "B2", "B3", "B4", "A4", "A3", "A2", "A1"}));
}

TEST(SownCells, RelaySowingListsEveryRelay) {
    // B2's stone lands in B3 (not empty): B3's two stones are lifted and sown on, the last into the store.
    EXPECT_EQ(sown_names(make_rules("relay", 3, 1), "1,1,1/1,1,0/0/0/S", "B2"), (Names{"B3", "B4", "B5"}));
    // Two relays: B2's stone into B3, B3's two into B4 and B5, B5's two into the store B6 and A5.
    EXPECT_EQ(sown_names(make_rules("relay", 4, 1), "1,1,1,1/1,1,1,1/0/0/S", "B2"),
              (Names{"B3", "B4", "B5", "B6", "A5"}));
    // A relay ends in an own empty pit (no capture in relay): B3's two stones into B4 and the empty B5.
    EXPECT_EQ(sown_names(make_rules("relay", 4, 1), "1,1,1,1/1,1,0,0/0/0/S", "B2"), (Names{"B3", "B4", "B5"}));
}

TEST(SownCells, AHugeSowingIsCutAtTheCap) {
    bool truncated = false;
    const Names names = sown_names(make_rules("kalah", 2, 1), "1,1/1000,1/0/0/S", "B2", 200, &truncated);
    EXPECT_TRUE(truncated);
    ASSERT_EQ(names.size(), 200u);
    // The loop is B3, B4 (store), A3, A2, B2, repeated.
    const Names loop = {"B3", "B4", "A3", "A2", "B2"};
    for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i], loop[i % 5]) << i;
    EXPECT_FALSE((sown_names(make_rules("kalah", 2, 1), "1,1/5,1/0/0/S", "B2", 5, &truncated), truncated));
}

// Every stone sown lands where Position::apply put it: the last cell agrees, and cells
// that no stone was lifted from or captured from gained exactly one stone per mention.
TEST(SownCells, AgreesWithApplyOnRandomGames) {
    std::mt19937 random(12345);
    for (const std::string_view preset : preset_names()) {
        for (int pits = 1; pits <= 6; ++pits) {
            for (int seeds = 1; seeds <= 8; seeds += 3) {
                if (pits == 1 && make_rules(preset).tuzdyk) continue;  // a tuzdyk needs 2 pits a side
                const Rules rules = make_rules(preset, pits, seeds);
                for (int game = 0; game < 5; ++game) {
                    Position position = Position::start(rules);
                    // Games whose positions repeat are cut at 400 plies.
                    for (int ply = 0; ply < 400 && !position.is_terminal(rules); ++ply) {
                        const MoveList moves = position.legal_moves(rules);
                        const int pit = moves[static_cast<int>(random() % moves.size())];
                        const Position before = position;
                        const MoveResult result = position.apply(rules, pit);
                        const SownCells sown = sown_cells(rules, before, pit, 100000);
                        ASSERT_FALSE(sown.truncated);
                        ASSERT_FALSE(sown.cells.empty());
                        EXPECT_EQ(sown.cells.back(), result.last_cell) << to_string(before) << " pit " << pit;
                        if (result.game_over) continue;                     // the sweep moved the leftovers
                        if (rules.relay_side == RelaySide::Both) continue;  // relays lift pits of both rows
                        const Side mover = before.to_move();
                        std::vector<int> gained(static_cast<std::size_t>(before.cell_count()), 0);
                        for (const int c : sown.cells) ++gained[static_cast<std::size_t>(c)];
                        for (int c = 0; c < before.cell_count(); ++c) {
                            const bool own_pit = c >= before.first_pit(mover) && c < before.first_pit(mover) + pits;
                            const bool capture_cell = (result.captured_cells >> c & 1u) != 0 ||
                                                      (result.capture && c == before.store_cell(mover));
                            const bool tuzdyk =
                                c != before.store_cell(mover) && c != before.store_cell(opponent(mover)) &&
                                before.is_tuzdyk(c < pits ? Side::South : Side::North,
                                                 c - before.first_pit(c < pits ? Side::South : Side::North));
                            const bool tuzdyk_store =
                                c == before.store_cell(Side::South) || c == before.store_cell(Side::North);
                            if (own_pit || capture_cell || result.tuzdyk || tuzdyk ||
                                (tuzdyk_store && rules.tuzdyk))
                                continue;  // lifted from, emptied by a capture, or a tuzdyk's
                            EXPECT_EQ(position.cell(c), before.cell(c) + gained[static_cast<std::size_t>(c)])
                                << to_string(before) << " pit " << pit << " cell " << c;
                        }
                        if (rules.sowing == SowingRule::Single && !result.capture && !rules.tuzdyk) {
                            int total = 0;
                            for (const int g : gained) total += g;
                            EXPECT_EQ(total, before.pit(mover, pit));
                            for (int i = 0; i < pits; ++i) {
                                const int c = before.first_pit(mover) + i;
                                const int lifted = i == pit ? before.cell(c) : 0;
                                EXPECT_EQ(position.cell(c),
                                          before.cell(c) - lifted + gained[static_cast<std::size_t>(c)]);
                            }
                        }
                    }
                }
            }
        }
    }
}

}  // namespace
}  // namespace mancala::play
