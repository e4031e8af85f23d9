#include "arena/opening_book.hpp"

#include "arena/tournament.hpp"
#include "core/notation.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace mancala::arena {
namespace {

using mancala::testing::TempDir;

const Rules kBookRules = make_rules("kalah", 4, 3);

// The start and the positions after each of South's first moves, as notation.
std::vector<std::string> some_openings() {
    std::vector<std::string> out{to_notation(Position::start(kBookRules))};
    for (int move = 0; move < 4; ++move) {
        Position p = Position::start(kBookRules);
        p.apply(kBookRules, move);
        out.push_back(to_notation(p));
    }
    return out;
}

// The message of the invalid_argument parse_opening_book throws for `text`.
std::string refusal(const std::string& text) {
    try {
        parse_opening_book(text, kBookRules, "book.txt");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

TEST(OpeningBook, ReadsOnePositionALineInOrderSkippingCommentsAndBlankLines) {
    const std::vector<std::string> openings = some_openings();
    const std::string text =
        "# a book\n\n" + openings[2] + "  # value +0\n   \n" + openings[0] + "\r\n" + openings[4];
    const std::vector<Position> book = parse_opening_book(text, kBookRules, "book.txt");
    ASSERT_EQ(book.size(), 3u);
    EXPECT_EQ(to_notation(book[0]), openings[2]);
    EXPECT_EQ(to_notation(book[1]), openings[0]);
    EXPECT_EQ(to_notation(book[2]), openings[4]);
}

TEST(OpeningBook, RefusesWhatIsNotAnOpeningOfTheGameNamingTheLine) {
    const std::string start = to_notation(Position::start(kBookRules));
    EXPECT_NE(refusal(start + "\n3,3,x,3/3,3,3,3/0/0/S\n").find("book.txt line 2: "), std::string::npos);
    EXPECT_NE(
        refusal("3,3,3,3,3/3,3,3,3,3/0/0/S").find("book.txt line 1: a position of 5 pits a side, for a game of 4"),
        std::string::npos);
    EXPECT_NE(refusal("# seeds 4\n4,4,4,4/4,4,4,4/0/0/S")
                  .find("line 2: 32 stones, where a game of 4 pits and 3 seeds has 24"),
              std::string::npos);
    EXPECT_NE(refusal("0,0,0,0/3,3,3,3/6/6/S").find("line 1: the game is over"), std::string::npos);
    EXPECT_EQ(refusal("# nothing but comments\n\n"), "book.txt holds no opening");
}

TEST(OpeningBook, AMissingOrHugeFileIsRefused) {
    TempDir dir;
    EXPECT_THROW(read_opening_book(dir.path() / "none.txt", kBookRules), std::invalid_argument);
    const auto huge = dir.path() / "huge.txt";
    {
        std::ofstream out(huge);
        const std::string line = to_notation(Position::start(kBookRules)) + "\n";
        for (std::size_t written = 0; written <= kMaxOpeningBookBytes; written += line.size()) out << line;
    }
    EXPECT_THROW(read_opening_book(huge, kBookRules), std::invalid_argument);
}

TournamentConfig book_config(const std::vector<std::string>& openings, int games) {
    TournamentConfig c;
    c.rules = kBookRules;
    c.agents = {"greedy", "alphabeta:depth=2"};
    c.games_per_pairing = games;
    std::string text;
    for (const std::string& o : openings) text += o + "\n";
    c.book = parse_opening_book(text, kBookRules, "book");
    return c;
}

TEST(OpeningBook, ATournamentPlaysTheBooksFirstOpeningsEachWithBothColours) {
    const std::vector<std::string> openings = some_openings();
    const TournamentResult r = run_tournament(book_config(openings, 6), RunOptions{});
    ASSERT_TRUE(r.complete());
    ASSERT_EQ(r.plan.openings.size(), 3u);
    for (int k = 0; k < 3; ++k)
        EXPECT_EQ(to_notation(r.plan.openings[static_cast<std::size_t>(k)]), openings[static_cast<std::size_t>(k)]);
    ASSERT_EQ(r.games.size(), 6u);
    for (const GameRecord& g : r.games) EXPECT_EQ(g.opening, g.game / 2);
    EXPECT_NE(r.games[0].south, r.games[1].south);
}

TEST(OpeningBook, TooSmallABookOrOneWithRandomPliesIsRefused) {
    const std::vector<std::string> openings = some_openings();  // 5 openings: up to 10 games a pairing
    EXPECT_NO_THROW(validate(book_config(openings, 10)));
    try {
        validate(book_config(openings, 11));
        FAIL() << "a book of 5 openings accepted for 11 games";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("the book holds 5 openings; 11 games per pairing"), std::string::npos)
            << e.what();
    }
    TournamentConfig with_plies = book_config(openings, 4);
    with_plies.opening_plies = 2;
    EXPECT_THROW(validate(with_plies), std::invalid_argument);
}

TEST(OpeningBook, AJournalOfGamesFromOtherOpeningsIsRefused) {
    TempDir dir;
    RunOptions options;
    options.journal = dir.path() / "journal.jsonl";
    std::vector<std::string> openings = some_openings();
    run_tournament(book_config(openings, 2), options);
    std::swap(openings[0], openings[1]);
    EXPECT_THROW(run_tournament(book_config(openings, 2), options), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::arena
