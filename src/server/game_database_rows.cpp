// How a game's rows are read back into a StoredGame, and what a game may hold, checked both
// ways: on write, so that the store never takes a game it could not give back, and on load,
// where a value out of range means the file was damaged or edited; it is refused, naming
// the game.

#include "server/game_database_internal.hpp"

#include <fmt/format.h>

namespace mancala::server::sqlite_store {
namespace {

bool is_game_id(std::string_view id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

bool is_side(Side side) { return side == Side::South || side == Side::North; }

std::optional<Side> side_named(std::string_view name) {
    if (name == "south") return Side::South;
    if (name == "north") return Side::North;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> setup_problem(const StoredGame& game) {
    if (!is_game_id(game.id)) return fmt::format("its id \"{}\" is not 32 lowercase hex digits", game.id);
    if (game.rules.empty()) return "it has no rules";
    if (game.pits < 1 || game.pits > kMaxStoredPits)
        return fmt::format("it has {} pits a side (1 to {} allowed)", game.pits, kMaxStoredPits);
    if (game.seeds < 0 || 2LL * game.pits * game.seeds > kMaxStoredStones)
        return fmt::format("it has {} seeds a pit (at most {} stones in all allowed)", game.seeds,
                           kMaxStoredStones);
    if (!is_side(game.first)) return "its first player is neither south nor north";
    return std::nullopt;
}

std::optional<std::string> move_problem(const StoredMove& move, int pits, std::size_t ply) {
    if (!is_side(move.side)) return fmt::format("the move at ply {} is by neither south nor north", ply);
    if (move.pit < 0 || move.pit >= pits)
        return fmt::format("the move at ply {} is in pit {}, outside 0 to {}", ply, move.pit, pits - 1);
    return std::nullopt;
}

StoredGame read_game(const Store& store, const Query& query) {
    StoredGame game;
    game.id = query.text(0).value_or("(no id)");
    const auto fail = [&](std::string_view problem) { store.damaged(game.id, problem); };
    if (!is_game_id(game.id)) fail("the id is not 32 lowercase hex digits");
    const auto rules = query.text(1), first = query.text(4), spec = query.text(5);
    const auto pits = query.integer(2), seeds = query.integer(3);
    const auto created = query.integer(7), active = query.integer(8);
    if (!rules || !spec) fail("its rules or spec is missing");
    if (!pits || *pits < 1 || *pits > kMaxStoredPits)
        fail(fmt::format("it has {} pits a side (1 to {} allowed)", pits.value_or(-1), kMaxStoredPits));
    if (!seeds || *seeds < 0 || *seeds > kMaxStoredStones)
        fail(fmt::format("it has {} seeds a pit (at most {} stones in all allowed)", seeds.value_or(-1),
                         kMaxStoredStones));
    const auto first_side = side_named(first.value_or(""));
    if (!first_side) fail(fmt::format("its first player \"{}\" is neither south nor north", first.value_or("")));
    if (!created || !active) fail("its creation or activity time is missing");
    if (!query.is_null(6) && !query.text(6)) fail("its level is not text");
    if (!query.is_null(9) && !query.integer(9)) fail("its end time is not a number");
    game.rules = *rules;
    game.pits = static_cast<int>(*pits);
    game.seeds = static_cast<int>(*seeds);
    game.first = *first_side;
    game.spec = *spec;
    game.level = query.text(6);
    game.created_ms = *created;
    game.active_ms = *active;
    game.finished_ms = query.integer(9);
    if (const auto problem = setup_problem(game)) fail(*problem);
    return game;
}

void read_moves(const Store& store, sqlite3_stmt* select_moves, StoredGame& game) {
    Query query(store, select_moves, fmt::format("read game {}", game.id));
    query.bind(std::string_view(game.id));
    while (query.step()) {
        const std::size_t expected = game.moves.size();
        const auto ply = query.integer(0), pit = query.integer(2);
        const auto side_name = query.text(1);
        if (!ply || *ply != static_cast<std::int64_t>(expected)) {
            if (ply && *ply > static_cast<std::int64_t>(expected))
                store.damaged(game.id, fmt::format("the moves skip from ply {} to ply {}", expected, *ply));
            store.damaged(game.id, fmt::format("a move has a bad ply after ply {}", expected));
        }
        const auto side = side_named(side_name.value_or(""));
        if (!side)
            store.damaged(game.id, fmt::format("the move at ply {} is by \"{}\", neither south nor north", expected,
                                               side_name.value_or("")));
        if (!pit || *pit < 0 || *pit >= game.pits)
            store.damaged(game.id, fmt::format("the move at ply {} is in pit {}, outside 0 to {}", expected,
                                               pit.value_or(-1), game.pits - 1));
        game.moves.push_back({*side, static_cast<int>(*pit)});
    }
}

}  // namespace mancala::server::sqlite_store
