#include "book/book_file.hpp"

#include "core/notation.hpp"
#include "core/rules_string.hpp"
#include "search/search_mode.hpp"
#include "util/atomic_file.hpp"
#include "util/checksum.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>

namespace mancala::book {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "mancala opening book";

std::string game_name(const Rules& rules) {
    return fmt::format("{}({} pits, {} seeds)", rules_string(rules), rules.pits, rules.seeds);
}

std::string hex(std::uint64_t value) { return fmt::format("{:016x}", value); }

// The checksum of a header (without its "checksum") and the entries' text after it.
std::uint64_t book_checksum(const Json& header_without_checksum, std::string_view body) {
    std::string text = header_without_checksum.dump();
    text += '\n';
    text += body;
    return checksum64(text.data(), text.size());
}

Json entry_json(const BookEntry& e, const Rules& rules) {
    Json line = {{"position", to_notation(e.position, rules)}, {"move", e.move}};
    if (e.bound == Bound::estimate)
        line["value"] = std::round(e.value * 100) / 100;
    else
        line["value"] = static_cast<int>(std::lround(e.value));
    line["bound"] = std::string(to_string(e.bound));
    line["how"] = std::string(to_string(e.how));
    if (e.how == Source::search) {
        line["depth"] = e.depth;
        if (e.time_ms > 0) line["time_ms"] = e.time_ms;
    }
    return line;
}

int int_field(const nlohmann::json& j, const char* key, int min, int max) {
    const auto it = j.find(key);
    if (it == j.end()) throw std::invalid_argument(fmt::format("no \"{}\"", key));
    if (!it->is_number_integer()) throw std::invalid_argument(fmt::format("\"{}\" is not a whole number", key));
    const auto v = it->get<std::int64_t>();
    if (v < min || v > max)
        throw std::invalid_argument(fmt::format("\"{}\" is {}, outside {}..{}", key, v, min, max));
    return static_cast<int>(v);
}

std::string string_field(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end()) throw std::invalid_argument(fmt::format("no \"{}\"", key));
    if (!it->is_string()) throw std::invalid_argument(fmt::format("\"{}\" is not a string", key));
    return it->get<std::string>();
}

BookEntry entry_from(const nlohmann::json& j, const Rules& rules, int stones) {
    if (!j.is_object()) throw std::invalid_argument("not a JSON object");
    BookEntry e;
    const std::string text = string_field(j, "position");
    e.position = parse_position(text, rules);
    if (!e.position.is_consistent()) throw std::invalid_argument(fmt::format("position {} is not a board", text));
    if (e.position.total_stones() != stones)
        throw std::invalid_argument(
            fmt::format("position {} holds {} stones, not the game's {}", text, e.position.total_stones(), stones));
    if (e.position.is_terminal(rules))
        throw std::invalid_argument(fmt::format("position {} is a game over: it has no move", text));
    e.move = int_field(j, "move", 0, rules.pits - 1);
    if (!e.position.is_legal(rules, e.move))
        throw std::invalid_argument(fmt::format("move {} is not legal in position {}", e.move, text));
    const auto value = j.find("value");
    if (value == j.end() || !value->is_number()) throw std::invalid_argument("\"value\" is not a number");
    e.value = value->get<double>();
    if (!std::isfinite(e.value) || std::abs(e.value) > stones)
        throw std::invalid_argument(fmt::format("\"value\" {} is beyond the game's {} stones", e.value, stones));
    const std::string bound = string_field(j, "bound");
    const std::optional<Bound> b = parse_bound(bound);
    if (!b)
        throw std::invalid_argument(
            fmt::format("\"bound\" {} is none of exact, at-least, at-most, estimate", bound));
    e.bound = *b;
    const std::string how = string_field(j, "how");
    const std::optional<Source> s = parse_source(how);
    if (!s) throw std::invalid_argument(fmt::format("\"how\" {} is neither journal nor search", how));
    e.how = *s;
    if (e.how == Source::search) {
        e.depth = int_field(j, "depth", 0, search::kMaxDepth);
        if (j.contains("time_ms")) e.time_ms = int_field(j, "time_ms", 1, 24 * 3600 * 1000);
    } else if (e.bound == Bound::estimate) {
        throw std::invalid_argument("a journal's entry is an estimate: a journal holds proven bounds only");
    }
    return e;
}

}  // namespace

std::string book_text(const Book& book) {
    std::string body;
    for (const BookEntry& e : book.entries()) body += entry_json(e, book.rules()).dump() + "\n";
    const Rules& rules = book.rules();
    Json header = {{"book", kFormat},       {"version", kBookVersion}, {"rules", rules_string(rules)},
                   {"pits", rules.pits},    {"seeds", rules.seeds},    {"settings", book.settings()},
                   {"entries", book.size()}};
    const std::uint64_t sum = book_checksum(header, body);
    header["checksum"] = hex(sum);
    return header.dump() + "\n" + body;
}

void write_book(const std::filesystem::path& path, const Book& book) {
    AtomicFile file(path);
    file.write(book_text(book));
    file.commit();
}

Book parse_book(std::string_view text, std::string_view source) {
    const auto refuse = [&](int line, std::string_view problem) -> std::invalid_argument {
        return std::invalid_argument(line > 0 ? fmt::format("book {} line {}: {}", source, line, problem)
                                              : fmt::format("book {}: {}", source, problem));
    };
    if (text.size() > kMaxBookBytes)
        throw refuse(0, fmt::format("{} bytes, more than the {} a book may hold", text.size(), kMaxBookBytes));
    const std::size_t end_of_header = text.find('\n');
    if (end_of_header == std::string_view::npos) throw refuse(1, "no header line (the file is empty or cut short)");
    const std::string_view body = text.substr(end_of_header + 1);
    Json header;
    try {
        header = Json::parse(text.substr(0, end_of_header));
    } catch (const std::exception&) {
        throw refuse(1, "the header is not JSON: not a book");
    }
    if (!header.is_object() || !header.contains("book") || header["book"] != kFormat)
        throw refuse(1, fmt::format("not an opening book (its header names no \"{}\")", kFormat));
    Rules rules;
    std::size_t count = 0;
    std::string settings;
    try {
        const int version = int_field(header, "version", 0, 1 << 20);
        if (version != kBookVersion)
            throw std::invalid_argument(
                fmt::format("format version {}, but this program reads version {}", version, kBookVersion));
        rules = parse_rules(string_field(header, "rules"), int_field(header, "pits", 1, kMaxPits),
                            int_field(header, "seeds", 0, kMaxTotalStones));
        settings = string_field(header, "settings");
        count = static_cast<std::size_t>(int_field(header, "entries", 0, 1 << 30));
        const std::string stored = string_field(header, "checksum");
        header.erase("checksum");
        if (stored != hex(book_checksum(header, body)))
            throw std::invalid_argument("checksum mismatch: the file is corrupted or was edited");
    } catch (const std::exception& e) {
        throw refuse(1, e.what());
    }
    Book book(rules, settings);
    const int stones = Position::start(rules).total_stones();
    int number = 1;
    std::size_t at = 0;
    while (at < body.size()) {
        ++number;
        std::size_t next = body.find('\n', at);
        if (next == std::string_view::npos) next = body.size();
        const std::string_view line = body.substr(at, next - at);
        at = next + 1;
        try {
            book.add(entry_from(nlohmann::json::parse(line), rules, stones));
        } catch (const std::exception& e) {
            throw refuse(number, e.what());
        }
    }
    if (book.size() != count)
        throw refuse(0, fmt::format("{} entries, but its header says {}", book.size(), count));
    return book;
}

Book read_book(const std::filesystem::path& path) {
    // read_small_file's refusals (missing, not a file, past the bound) name the path.
    return parse_book(read_small_file(path, kMaxBookBytes), path.string());
}

void require_rules(const Book& book, const Rules& rules, std::string_view source) {
    if (book.rules() == rules) return;
    throw std::invalid_argument(fmt::format("book {} is a book of {}, not of the game played, {}", source,
                                            game_name(book.rules()), game_name(rules)));
}

}  // namespace mancala::book
