// A bound proof split into pieces (solve/split_proof.hpp) and its journal
// (solve/proof_journal.hpp), against plain exhaustive search: every split depth, every
// piece limit down to none at all (the tree split to the end of the game) and every
// bound around the value give the answer the value does, and a rerun over the
// journal searches nothing.

#include "solve/split_proof.hpp"
#include "solve/proof_journal.hpp"

#include "core/notation.hpp"
#include "support/exhaustive_search.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

namespace mancala::solve {
namespace {

search::EngineSettings proof_settings() {
    search::EngineSettings settings;
    settings.heuristic = search::Heuristic::StoreDiff;
    settings.hash_mb = 1;
    return settings;
}

int south_value(testing::ExhaustiveSearch& exhaustive, const Position& p) {
    const int mover = exhaustive.final_margin(p);
    return p.to_move() == Side::South ? mover : -mover;
}

// The bounds next to the value, the two on either side of where the answer turns.
TEST(SplitProof, EverySplitAnswersAsTheValueDoes) {
    for (const char* preset : {"kalah", "homework"}) {
        const Rules rules = make_rules(preset, 3, 3);
        testing::ExhaustiveSearch exhaustive(rules);
        Position after = Position::start(rules);
        after.apply(rules, 1);  // B3: North to move
        for (const Position& root : {Position::start(rules), after}) {
            const int value = south_value(exhaustive, root);
            for (int split = 0; split <= 3; ++split) {
                for (const int v : {value - 1, value, value + 1, value + 2}) {
                    search::Engine engine(proof_settings());
                    SplitOptions options;
                    options.split_plies = split;
                    const SplitResult r = prove_split(rules, root, v, engine, options, nullptr);
                    EXPECT_EQ(r.holds, value >= v)
                        << preset << " " << to_notation(root) << " split " << split << " at least " << v;
                    EXPECT_EQ(r.pieces_abandoned, 0);
                    EXPECT_EQ(r.pieces_from_journal, 0);
                    if (split == 0) {
                        EXPECT_EQ(r.pieces_searched, 1);
                    }
                    // The move named settles the root the way the answer says.
                    const bool mover_got_its_way = r.holds == (root.to_move() == Side::South);
                    ASSERT_EQ(r.move >= 0, split > 0 && mover_got_its_way);
                    if (r.move >= 0) {
                        Position child = root;
                        child.apply(rules, r.move);
                        EXPECT_EQ(south_value(exhaustive, child) >= v, r.holds);
                    }
                }
            }
        }
    }
}

// With no time for any piece every search is abandoned, and the tree is split down to
// the end of the game: the answer is then the minimax of the final margins.
TEST(SplitProof, NoTimeForAPieceSplitsToTheEndOfTheGame) {
    const Rules rules = make_rules("kalah", 3, 3);
    testing::ExhaustiveSearch exhaustive(rules);
    const Position root =
        Position::from_counts(std::vector<int>{2, 0, 3}, std::vector<int>{1, 2, 1}, 5, 4, Side::South);
    const int value = south_value(exhaustive, root);
    for (const int v : {value, value + 1}) {
        search::Engine engine(proof_settings());
        SplitOptions options;
        options.piece_seconds = 0.0;
        int started = 0;
        int abandoned = 0;
        std::map<std::vector<int>, int> lines;  // each piece's line, and when its search began
        const SplitResult r = prove_split(rules, root, v, engine, options, nullptr, [&](const PieceReport& p) {
            started += p.stage == PieceStage::Started;
            abandoned += p.stage == PieceStage::Abandoned;
            if (p.stage == PieceStage::Started) {
                const bool first_time = lines.emplace(p.line, started).second;
                EXPECT_TRUE(first_time) << "a piece past its time is split, not searched again";
            }
        });
        EXPECT_EQ(r.holds, value >= v) << v;
        EXPECT_GT(r.pieces_abandoned, 0) << "no piece got time: every node was split";
        EXPECT_EQ(abandoned, r.pieces_abandoned);
        EXPECT_EQ(started, r.pieces_abandoned + r.pieces_searched) << "every piece is announced before its search";
        // Before a piece is split, each of its siblings has had its search.
        for (const auto& [line, when] : lines) {
            if (line.size() < 2) continue;
            const std::vector<int> grandparent(line.begin(), line.end() - 2);
            Position at = root;
            for (const int move : grandparent) at.apply(rules, move);
            for (const int move : at.nonempty_pits()) {
                Position sibling = at;
                sibling.apply(rules, move);
                std::vector<int> sibling_line = grandparent;
                sibling_line.push_back(move);
                const auto searched = lines.find(sibling_line);
                EXPECT_TRUE(sibling.is_terminal(rules) || (searched != lines.end() && searched->second < when))
                    << "a piece's siblings are searched before it is split";
            }
        }
    }
}

TEST(SplitProof, ARerunTakesEveryAnswerFromTheJournal) {
    const Rules rules = make_rules("kalah", 3, 3);
    testing::ExhaustiveSearch exhaustive(rules);
    const Position root = Position::start(rules);
    const int value = south_value(exhaustive, root);
    testing::TempDir dir;
    const auto path = dir.path() / "pieces.journal";
    SplitOptions options;
    options.split_plies = 2;
    int first_move = -1;
    {
        ProofJournal journal(path, rules);
        search::Engine engine(proof_settings());
        const SplitResult r = prove_split(rules, root, value, engine, options, &journal);
        ASSERT_TRUE(r.holds);
        EXPECT_GE(r.pieces_searched, 1);
        first_move = r.move;
    }
    ProofJournal journal(path, rules);  // read back from the file
    EXPECT_GT(journal.entries().size(), 1u);
    search::Engine engine(proof_settings());
    const SplitResult again = prove_split(rules, root, value, engine, options, &journal);
    EXPECT_TRUE(again.holds);
    EXPECT_EQ(again.move, first_move);
    EXPECT_EQ(again.pieces_searched, 0);
    EXPECT_EQ(again.pieces_from_journal, 1);  // the root's own answer
    EXPECT_EQ(again.nodes, 0u);
    // A smaller bound follows from the one recorded; a larger one is a new question.
    const SplitResult smaller = prove_split(rules, root, value - 3, engine, options, &journal);
    EXPECT_TRUE(smaller.holds);
    EXPECT_EQ(smaller.pieces_searched, 0);
    const SplitResult larger = prove_split(rules, root, value + 1, engine, options, &journal);
    EXPECT_FALSE(larger.holds);
    EXPECT_GT(larger.pieces_searched, 0);
}

// A proof assembled from pieces proven one by one: the journal holds the answer of one
// child that settles the root, and the split takes it before any search, whichever
// child its ordering search would put first. The bound is chosen so that at least two children settle the root.
TEST(SplitProof, AJournalAnswerThatSettlesTheNodeIsTakenWhateverTheOrder) {
    const Rules rules = make_rules("kalah", 3, 3);
    testing::ExhaustiveSearch exhaustive(rules);
    Position after = Position::start(rules);
    after.apply(rules, 1);  // B3: North to move
    for (const Position& root : {Position::start(rules), after}) {
        const bool first = root.to_move() == Side::South;
        std::vector<int> values;  // each child's value for South
        for (const int move : root.nonempty_pits()) {
            Position child = root;
            child.apply(rules, move);
            values.push_back(south_value(exhaustive, child));
        }
        std::vector<int> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        // South settles the root with a child at least v, North with one below v.
        const int v = first ? sorted[sorted.size() - 2] : sorted[1] + 1;
        int settling = 0;
        for (std::size_t k = 0; k < values.size(); ++k) {
            if ((values[k] >= v) != first) continue;
            ++settling;
            const int move = root.nonempty_pits()[static_cast<int>(k)];
            Position child = root;
            child.apply(rules, move);
            testing::TempDir dir;
            ProofJournal journal(dir.path() / "pieces.journal", rules);
            journal.record({child, v, first, "search", -1, 1, 0});
            search::Engine engine(proof_settings());
            SplitOptions options;
            options.split_plies = 1;
            const SplitResult r = prove_split(rules, root, v, engine, options, &journal);
            EXPECT_EQ(r.holds, first) << to_notation(root) << " at least " << v << ", move " << move;
            EXPECT_EQ(r.move, move) << to_notation(root);
            EXPECT_EQ(r.pieces_searched, 0) << to_notation(root) << ", move " << move;
            // Nor does it run the ordering searches: the answer comes before them.
            EXPECT_EQ(r.nodes, 0u) << to_notation(root) << ", move " << move;
        }
        EXPECT_GE(settling, 2) << to_notation(root);
    }
}

TEST(ProofJournal, AnswersImplyTheBoundsBeyondThem) {
    const Rules rules = make_rules("kalah", 4, 3);
    testing::TempDir dir;
    ProofJournal journal(dir.path() / "j", rules);
    const Position p = Position::start(rules);
    EXPECT_EQ(journal.answer(p, 0), nullptr);
    journal.record({p, 4, true, "search", -1, 10, 0.5});
    journal.record({p, 7, false, "split", -1, 20, 1.5});
    for (const int v : {-10, 3, 4}) {
        ASSERT_NE(journal.answer(p, v), nullptr) << v;
        EXPECT_TRUE(journal.answer(p, v)->holds) << v;
    }
    for (const int v : {7, 8, 30}) {
        ASSERT_NE(journal.answer(p, v), nullptr) << v;
        EXPECT_FALSE(journal.answer(p, v)->holds) << v;
    }
    EXPECT_EQ(journal.answer(p, 5), nullptr);
    EXPECT_EQ(journal.answer(p, 6), nullptr);
    Position other = p;
    other.apply(rules, 0);
    EXPECT_EQ(journal.answer(other, 0), nullptr);
    // Written through: a second reader sees both lines.
    EXPECT_EQ(ProofJournal(dir.path() / "j", rules).entries().size(), 2u);
}

TEST(ProofJournal, RefusesAnotherGamesJournalAndMalformedLinesNamingTheLine) {
    const Rules rules = make_rules("kalah", 4, 3);
    testing::TempDir dir;
    const auto path = dir.path() / "j";
    ProofJournal(path, rules).record({Position::start(rules), 1, true, "search", -1, 1, 0});
    auto error = [&](const Rules& r) -> std::string {
        try {
            ProofJournal journal(path, r);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(error(make_rules("homework", 4, 3)).find("line 1: a journal of kalah(4 pits)"), std::string::npos)
        << error(make_rules("homework", 4, 3));
    EXPECT_NE(error(make_rules("kalah", 5, 3)).find("line 1"), std::string::npos);
    const std::string header = testing::read_text(path).substr(0, testing::read_text(path).find('\n') + 1);
    for (const std::string& bad :
         {std::string("{\"position\":\"4,4/4,4/0/0/S\"}\n"),  // not a journal's header
          header + "{\"position\":\"3,3,3,3/3,3,3,3/0/0/S\",\"at_least\":1}\n",
          header + "{\"position\":\"3,3,3/3,3,3/0/0/S\",\"at_least\":1,\"holds\":true,\"how\":\"search\","
                   "\"nodes\":1,\"seconds\":0}\n",
          header + "{\"position\":\"3,3,3,3/3,3,3,3/0/0/S\",\"at_least\":1,\"holds\":true,\"how\":\"guess\","
                   "\"nodes\":1,\"seconds\":0}\n",
          header + "{\"position\":\"3,3,3,3/3,3,3,3/0/0/S\",\"at_least\":1,\"holds\":true,\"how\":\"split\","
                   "\"move\":9,\"nodes\":1,\"seconds\":0}\n",
          header + "{\"position\":\"3,3,3,3/3,3,3,3/0/0/S\",\"at_le"}) {
        testing::write_text(path, bad);
        const std::string message = error(rules);
        const std::string line = bad.rfind(header, 0) == 0 ? "line 2" : "line 1";
        EXPECT_NE(message.find(path.string() + " " + line + ": "), std::string::npos) << bad << " -> " << message;
    }
}

}  // namespace
}  // namespace mancala::solve
