#include "core/game_catalogue.hpp"

#include "core/rules_string.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

namespace mancala {

namespace {

std::string_view trim_ini(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool valid_name(std::string_view s) {
    if (s.empty() || s.size() > 64) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
               c == '-' || c == '_';
    });
}

std::optional<int> whole_number(std::string_view text) {
    if (text.empty() || text.size() > 6) return std::nullopt;
    int value = 0;
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

/// A game while its section is read: where it began and which keys it has set.
struct Draft {
    GameEntry game;
    int line = 0;
    std::vector<std::string> keys;
};

class CatalogueReader {
public:
    CatalogueReader(const GameCatalogue& known, std::string_view where) : known_(known), where_(where) {}

    std::vector<GameEntry> read(std::string_view text) {
        int line_number = 0;
        for (std::string_view rest = text; !rest.empty();) {
            const auto newline = rest.find('\n');
            const std::string_view line = trim_ini(rest.substr(0, newline));
            rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
            ++line_number;
            if (line.size() > 4096) fail(line_number, "the line is longer than 4096 characters");
            if (line.empty() || line.front() == ';' || line.front() == '#') continue;
            if (line.front() == '[')
                begin_section(line, line_number);
            else
                set_key(line, line_number);
        }
        finish_section();
        return std::move(done_);
    }

private:
    [[noreturn]] void fail(int line, std::string_view problem) const {
        throw std::invalid_argument(fmt::format("{}:{}: {}", where_, line, problem));
    }

    const GameEntry* find(std::string_view name) const {
        for (const GameEntry& g : done_)
            if (g.name == name) return &g;
        return known_.find(name);
    }

    std::string known_names() const {
        std::vector<std::string_view> names;
        for (const GameEntry& g : known_.games()) names.push_back(g.name);
        for (const GameEntry& g : done_) names.push_back(g.name);
        return fmt::format("{}", fmt::join(names, ", "));
    }

    void begin_section(std::string_view line, int number) {
        finish_section();
        if (line.back() != ']')
            fail(number, fmt::format("'{}' is not a section header: write [name] or [name:parent]", line));
        const std::string_view inside = trim_ini(line.substr(1, line.size() - 2));
        const auto colon = inside.find(':');
        const std::string_view name = trim_ini(inside.substr(0, colon));
        const std::string_view parent =
            colon == std::string_view::npos ? std::string_view() : trim_ini(inside.substr(colon + 1));
        if (!valid_name(name))
            fail(number, fmt::format("'{}' is not a game name: use lower-case letters, digits, '-' and '_'", name));
        if (const GameEntry* twin = find(name))
            fail(number, fmt::format("game '{}' is already defined ({})", name,
                                     twin->origin == where_ ? "earlier in this file" : twin->origin));
        Draft draft;
        draft.line = number;
        draft.game.name = std::string(name);
        draft.game.origin = std::string(where_);
        if (colon != std::string_view::npos) {
            const GameEntry* base = find(parent);
            if (!base)
                fail(number, fmt::format("game '{}' inherits from unknown game '{}' (the games are: {})", name,
                                         parent, known_names()));
            draft.game.parent = base->name;
            draft.game.rules = base->rules;
            draft.game.source = base->source;
        }
        draft_ = std::move(draft);
    }

    void set_key(std::string_view line, int number) {
        if (!draft_) fail(number, "a key before the first [game] section");
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) fail(number, fmt::format("'{}' is not key = value", line));
        const std::string key(trim_ini(line.substr(0, eq)));
        const std::string_view value = trim_ini(line.substr(eq + 1));
        Draft& d = *draft_;
        if (std::find(d.keys.begin(), d.keys.end(), key) != d.keys.end())
            fail(number, fmt::format("key '{}' given twice in [{}]", key, d.game.name));
        d.keys.push_back(key);
        if (value.empty()) fail(number, fmt::format("key '{}' of [{}] has no value", key, d.game.name));
        if (key == "description") {
            d.game.description = std::string(value);
        } else if (key == "source") {
            d.game.source = std::string(value);
        } else if (key == "pits" || key == "seeds") {
            const std::optional<int> n = whole_number(value);
            if (!n)
                fail(number, fmt::format("{} of [{}] must be a whole number, got '{}'", key, d.game.name, value));
            (key == "pits" ? d.game.rules.pits : d.game.rules.seeds) = *n;
        } else {
            try {
                set_rule(d.game.rules, key, value);
            } catch (const std::invalid_argument& e) {
                if (std::string_view(e.what()).starts_with("unknown rule"))
                    fail(number, fmt::format("unknown key '{}' in [{}] (the keys are: description, source, pits, "
                                             "seeds and the rules' dimensions; `mancala games --help` lists them)",
                                             key, d.game.name));
                // "bad value 'v' for key (choose one of: ...)": the section goes before the choices.
                std::string message = e.what();
                message.insert(std::min(message.find(" ("), message.size()), fmt::format(" in [{}]", d.game.name));
                fail(number, message);
            }
        }
    }

    void finish_section() {
        if (!draft_) return;
        Draft& d = *draft_;
        if (d.game.description.empty()) fail(d.line, fmt::format("game '{}' has no description", d.game.name));
        if (d.game.source.empty()) d.game.source = "not given";
        try {
            validate(d.game.rules);
        } catch (const std::invalid_argument& e) {
            fail(d.line, fmt::format("game '{}' cannot be played: {}", d.game.name, e.what()));
        }
        done_.push_back(std::move(d.game));
        draft_.reset();
    }

    const GameCatalogue& known_;
    std::string where_;
    std::optional<Draft> draft_;
    std::vector<GameEntry> done_;
};

GameCatalogue& mutable_catalogue() {
    static GameCatalogue catalogue = [] {
        GameCatalogue c;
        c.add(builtin_games_text(), "built in");
        return c;
    }();
    return catalogue;
}

}  // namespace

void GameCatalogue::add(std::string_view text, std::string_view where) {
    std::vector<GameEntry> added = CatalogueReader(*this, where).read(text);
    games_.insert(games_.end(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
}

const GameEntry* GameCatalogue::find(std::string_view name) const {
    for (const GameEntry& g : games_)
        if (g.name == name) return &g;
    return nullptr;
}

const GameEntry& GameCatalogue::get(std::string_view name) const {
    if (const GameEntry* g = find(name)) return *g;
    std::vector<std::string_view> names;
    for (const GameEntry& g : games_) names.push_back(g.name);
    throw std::invalid_argument(
        fmt::format("unknown rules '{}' (choose one of: {})", name, fmt::join(names, ", ")));
}

const GameCatalogue& game_catalogue() { return mutable_catalogue(); }

void load_games_file(const std::string& path) {
    const std::string text = read_small_file(path);
    mutable_catalogue().add(text, path);
}

}  // namespace mancala
