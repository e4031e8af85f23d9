#include "book/book.hpp"

#include "core/notation.hpp"
#include "search/position_key.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::book {

namespace {

constexpr std::string_view kBoundNames[] = {"exact", "at-least", "at-most", "estimate"};
constexpr std::string_view kSourceNames[] = {"journal", "search"};

}  // namespace

std::string_view to_string(Bound bound) { return kBoundNames[static_cast<int>(bound)]; }
std::string_view to_string(Source source) { return kSourceNames[static_cast<int>(source)]; }

std::optional<Bound> parse_bound(std::string_view text) {
    for (int i = 0; i < 4; ++i)
        if (kBoundNames[i] == text) return static_cast<Bound>(i);
    return std::nullopt;
}

std::optional<Source> parse_source(std::string_view text) {
    for (int i = 0; i < 2; ++i)
        if (kSourceNames[i] == text) return static_cast<Source>(i);
    return std::nullopt;
}

std::size_t Book::KeyOf::operator()(const Position& p) const { return search::position_key(p); }

Book::Book(Rules rules, std::string settings) : rules_(std::move(rules)), settings_(std::move(settings)) {}

void Book::add(const BookEntry& entry) {
    const auto [at, added] = index_.emplace(entry.position, entries_.size());
    if (!added)
        throw std::invalid_argument(
            fmt::format("the position {} is in the book twice", to_notation(entry.position, rules_)));
    entries_.push_back(entry);
}

const BookEntry* Book::find(const Position& position) const {
    const auto it = index_.find(position);
    return it == index_.end() ? nullptr : &entries_[it->second];
}

}  // namespace mancala::book
