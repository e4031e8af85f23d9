// Opening books on disk: written and read back unchanged, and every kind of bad file
// refused on load with the file, the line and the problem named.

#include "book/book_file.hpp"
#include "core/notation.hpp"
#include "support/temp_dir.hpp"
#include "util/checksum.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace mancala::book {
namespace {

// A book of Kalah(4,3) by hand: the start (South plays B3, pit 1, a proven bound), and
// North after B5 (pit 3; 3,3,4,4/3,3,3,0/0/1/N in the notation) an estimate.
Book small_book() {
    const Rules rules = make_rules("kalah", 4, 3);
    Book book(rules, "plies=2,depth=6");
    book.add({Position::start(rules), 1, 2, Bound::at_least, Source::journal});
    Position after = Position::start(rules);
    after.apply(rules, 3);
    BookEntry e{after, 2, -1.25, Bound::estimate, Source::search};
    e.depth = 6;
    book.add(e);
    return book;
}

// The book's text with `from` replaced by `to` in its line `line` (1: the header),
// keeping the checksum as it was.
std::string edited(const std::string& text, int line, const std::string& from, const std::string& to) {
    std::size_t at = 0;
    for (int i = 1; i < line; ++i) at = text.find('\n', at) + 1;
    const std::size_t found = text.find(from, at);
    EXPECT_NE(found, std::string::npos) << from;
    std::string out = text;
    out.replace(found, from.size(), to);
    return out;
}

// The message of parse_book's refusal of `text` (empty: it was read).
std::string refusal(const std::string& text) {
    try {
        parse_book(text, "my.book");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

// The text of a book of `entries` lines whose checksum is right, so that a test of a
// line's check is not refused for its checksum first.
std::string with_lines(const std::vector<std::string>& entries, const std::string& rules = "kalah", int pits = 4,
                       int seeds = 3) {
    Book book(make_rules(rules, pits, seeds), "test");
    std::string header = book_text(book);
    header = header.substr(0, header.find('\n'));
    // Build the text the way book_text does: a checksum over the header and the lines.
    std::string body;
    for (const std::string& e : entries) body += e + "\n";
    nlohmann::ordered_json h = nlohmann::ordered_json::parse(header);
    h["entries"] = entries.size();
    h.erase("checksum");
    const std::string signed_text = h.dump() + "\n" + body;
    h["checksum"] = fmt::format("{:016x}", checksum64(signed_text.data(), signed_text.size()));
    return h.dump() + "\n" + body;
}

TEST(BookFile, RoundTripsEveryField) {
    const Book book = small_book();
    const testing::TempDir dir;
    const auto path = dir.path() / "k43.book";
    write_book(path, book);
    const Book read = read_book(path);
    EXPECT_EQ(read.rules(), book.rules());
    EXPECT_EQ(read.settings(), "plies=2,depth=6");
    ASSERT_EQ(read.size(), 2u);
    EXPECT_EQ(read.entries(), book.entries());
    // Found by the position, stores and side to move included.
    const Rules rules = book.rules();
    ASSERT_NE(read.find(Position::start(rules)), nullptr);
    EXPECT_EQ(read.find(Position::start(rules))->move, 1);
    Position other = Position::start(rules);
    other.set_to_move(Side::North);
    EXPECT_EQ(read.find(other), nullptr);
    // The same bytes again.
    EXPECT_EQ(book_text(read), book_text(book));
    EXPECT_NE(book_text(book).find("\"position\":\"3,3,4,4/3,3,3,0/0/1/N\",\"move\":2,\"value\":-1.25"),
              std::string::npos)
        << book_text(book);
}

TEST(BookFile, RefusesAnotherFormatOrVersion) {
    const std::string text = book_text(small_book());
    EXPECT_NE(refusal("").find("book my.book line 1: no header line"), std::string::npos) << refusal("");
    EXPECT_NE(refusal("{\"journal\":\"mancala proof pieces\"}\n").find("not an opening book"), std::string::npos);
    EXPECT_NE(refusal("not json\n").find("line 1: the header is not JSON"), std::string::npos);
    const std::string v2 = edited(text, 1, "\"version\":1", "\"version\":2");
    EXPECT_NE(refusal(v2).find("line 1: format version 2, but this program reads version 1"), std::string::npos)
        << refusal(v2);
}

TEST(BookFile, RefusesAChecksumMismatch) {
    const std::string text = book_text(small_book());
    EXPECT_EQ(refusal(text), "");
    // One entry's move changed to another legal one: only the checksum can see it.
    const std::string move = edited(text, 2, "\"move\":1", "\"move\":0");
    EXPECT_NE(refusal(move).find("book my.book line 1: checksum mismatch"), std::string::npos) << refusal(move);
    const std::string settings = edited(text, 1, "depth=6", "depth=7");
    EXPECT_NE(refusal(settings).find("checksum mismatch"), std::string::npos);
    const std::string cut = text.substr(0, text.size() - 10);
    EXPECT_NE(refusal(cut).find("checksum mismatch"), std::string::npos);
}

TEST(BookFile, RefusesTheRulesOfAnotherGame) {
    const Book book = small_book();
    EXPECT_NO_THROW(require_rules(book, make_rules("kalah", 4, 3), "k43.book"));
    try {
        require_rules(book, make_rules("homework", 4, 3), "k43.book");
        FAIL() << "a Kalah book played for empty capture";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("book k43.book is a book of kalah(4 pits, 3 seeds), not of the game "
                                             "played, homework(4 pits, 3 seeds)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(require_rules(book, make_rules("kalah", 4, 4), "k43.book"), std::invalid_argument);
    EXPECT_THROW(require_rules(book, make_rules("kalah", 6, 3), "k43.book"), std::invalid_argument);
    // An unknown game in the header.
    const std::string text = with_lines({});
    const std::string unknown = edited(text, 1, "\"rules\":\"kalah\"", "\"rules\":\"chess\"");
    EXPECT_NE(refusal(unknown).find("line 1: unknown rules 'chess'"), std::string::npos) << refusal(unknown);
}

TEST(BookFile, RefusesMalformedLinesByNumber) {
    const std::string good =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/S","move":1,"value":2,"bound":"exact","how":"search","depth":9})";
    EXPECT_EQ(refusal(with_lines({good})), "");
    const auto line2 = [&](const std::string& bad) { return refusal(with_lines({good, bad})); };
    EXPECT_NE(line2("{\"position\":").find("book my.book line 3: "), std::string::npos) << line2("{\"position\":");
    EXPECT_NE(line2("[1,2]").find("line 3: not a JSON object"), std::string::npos);
    EXPECT_NE(line2(R"({"move":1})").find("line 3: no \"position\""), std::string::npos);
    const std::string no_move =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/N","value":0,"bound":"exact","how":"search","depth":1})";
    EXPECT_NE(line2(no_move).find("line 3: no \"move\""), std::string::npos) << line2(no_move);
    const std::string float_move =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/N","move":1.5,"value":0,"bound":"exact","how":"search","depth":1})";
    EXPECT_NE(line2(float_move).find("\"move\" is not a whole number"), std::string::npos);
    const std::string bound =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/N","move":1,"value":0,"bound":"maybe","how":"search","depth":1})";
    EXPECT_NE(line2(bound).find("\"bound\" maybe is none of"), std::string::npos);
    const std::string how =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/N","move":1,"value":0,"bound":"exact","how":"guess"})";
    EXPECT_NE(line2(how).find("\"how\" guess is neither"), std::string::npos);
    const std::string value =
        R"({"position":"3,3,3,3/3,3,3,3/0/0/N","move":1,"value":99,"bound":"exact","how":"search","depth":1})";
    EXPECT_NE(line2(value).find("\"value\" 99 is beyond the game's 24 stones"), std::string::npos) << line2(value);
    EXPECT_NE(line2(good).find("line 3: the position 3,3,3,3/3,3,3,3/0/0/S is in the book twice"),
              std::string::npos)
        << line2(good);
    // Blank lines are malformed too: a book is written without them.
    EXPECT_NE(line2("").find("line 3"), std::string::npos);
}

TEST(BookFile, RefusesPositionsNotOfTheGame) {
    const auto refused = [&](const std::string& position, int move = 0) {
        return refusal(with_lines(
            {fmt::format(R"({{"position":"{}","move":{},"value":0,"bound":"estimate","how":"search","depth":3}})",
                         position, move)}));
    };
    EXPECT_NE(refused("3,3,3,3,3/3,3,3,3,3/0/0/S").find("line 2: "), std::string::npos);  // five pits
    EXPECT_NE(refused("3,3,3,3/3,3,3,4/0/0/S")
                  .find("line 2: position 3,3,3,3/3,3,3,4/0/0/S holds 25 stones, not "
                        "the game's 24"),
              std::string::npos)
        << refused("3,3,3,3/3,3,3,4/0/0/S");
    EXPECT_NE(refused("0,0,0,0/0,0,0,0/12/12/S").find("is a game over"), std::string::npos);
    // B2 (pit 0) is empty: no move there.
    EXPECT_NE(
        refused("3,3,3,3/0,3,3,6/0/0/S", 0).find("line 2: move 0 is not legal in position 3,3,3,3/0,3,3,6/0/0/S"),
        std::string::npos)
        << refused("3,3,3,3/0,3,3,6/0/0/S", 0);
    EXPECT_NE(refused("3,3,3,3/3,3,3,3/0/0/S", 4).find("\"move\" is 4, outside 0..3"), std::string::npos);
    EXPECT_NE(refused("3,3,3,3/3,3,3,3/0/0/X").find("line 2"), std::string::npos);
}

TEST(BookFile, RefusesAFileTooLarge) {
    const testing::TempDir dir;
    const auto path = dir.path() / "huge.book";
    {
        std::ofstream out(path);
        out << book_text(small_book());
        out << std::string(kMaxBookBytes, ' ');
    }
    try {
        read_book(path);
        FAIL() << "a book past the bound was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("more than the limit"), std::string::npos) << e.what();
    }
    EXPECT_NE(refusal(std::string(kMaxBookBytes + 1, '{')).find("more than the"), std::string::npos);
    EXPECT_THROW(read_book(dir.path() / "missing.book"), std::invalid_argument);
}

TEST(BookFile, SurvivesHostileBytes) {
    // Every prefix and every one-byte change of a good book is read or refused, never a crash.
    const std::string text = book_text(small_book());
    for (std::size_t n = 0; n < text.size(); ++n) {
        (void)refusal(text.substr(0, n));
        std::string flipped = text;
        flipped[n] = static_cast<char>(flipped[n] ^ 0x5a);
        (void)refusal(flipped);
    }
    SUCCEED();
}

}  // namespace
}  // namespace mancala::book
