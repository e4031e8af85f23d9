#pragma once
// The strong engine: iterative deepening of MTD(f) null-window passes over a
// principal-variation search (search_worker), a shared transposition table, move
// ordering, time, depth and node limits, and Lazy SMP helper threads
// (helper_pool). Scores are margins: what the side to move will finish ahead by,
// estimated, or exact once the search has proven it.

#include "core/position.hpp"
#include "search/board_ops.hpp"
#include "search/endgame_oracle.hpp"
#include "search/heuristics.hpp"
#include "search/learned_network.hpp"
#include "search/search_limits.hpp"
#include "search/search_mode.hpp"
#include "search/search_observer.hpp"
#include "search/search_report.hpp"
#include "search/transposition_table.hpp"

#include <memory>
#include <string>

namespace mancala::search {

struct EngineSettings {
    Heuristic heuristic = Heuristic::Fitted;  ///< the arena's strongest (docs/PERFORMANCE.md, "Heuristics")
    std::size_t hash_mb = 64;
    int threads = 1;
    /// Take table results searched deeper than needed, and proven results at any
    /// depth (stronger). Off, a depth-d search returns exactly the depth-d minimax
    /// value, which is how the tests cross-check the engine against plain minimax.
    bool reuse_deeper_results = true;
    /// Exact values of endgames (not owned; must outlive the searches), used for
    /// positions it covers instead of searching them. None by default.
    const EndgameOracle* endgame = nullptr;
    /// Take the oracle's values only up to this many stones in the pits (-1: all it holds).
    int endgame_stones = -1;
    /// Search on the fast boards where they play the game: the packed boards (Kalah's
    /// shape) and the cyclic board (Oware's). Off, every game is searched on the core
    /// Position, as the tests and measurements that compare the boards need; table_key()
    /// is the key of the fast boards.
    bool fast_boards = true;
    /// Under heuristic learned: this network rather than the one embedded for the game
    /// (it must be of the game searched; none: the embedded one, or else fitted).
    std::shared_ptr<const LearnedNetwork> network{};
};

class Engine {
public:
    explicit Engine(EngineSettings settings = {});

    const EngineSettings& settings() const { return settings_; }
    /// Changes the settings; a new table size reallocates (and clears) the table.
    void configure(const EngineSettings& settings);
    /// Forgets everything (clears the transposition table).
    void new_game();
    /// The transposition table, to be saved to or restored from a file between searches
    /// (table_file.hpp), or saved while one runs.
    TranspositionTable& table() { return tt_; }
    /// The key the table files `position` under (it depends on the board type the
    /// engine searches the game with): what a table file checks its game by.
    static std::uint64_t table_key(const Rules& rules, const Position& position);

    /// Searches `position` (which must have a legal move) within `limits`, for what
    /// `mode` asks; `observer` (if given) hears of the progress on this thread.
    SearchReport search(const Rules& rules, const Position& position, const SearchLimits& limits,
                        const SearchMode& mode = {}, SearchObserver* observer = nullptr);

private:
    template <class Board>
    SearchReport search_board(const typename BoardOps<Board>::Context& context, const Board& root,
                              const Position& position, const SearchLimits& limits, const SearchMode& mode,
                              SearchObserver* observer);

    EngineSettings settings_;
    TranspositionTable tt_;
};

/// "+2.3", "-1", or for proven scores "win by 10", "loss by 4", "draw".
std::string format_score(int points, bool proven);

}  // namespace mancala::search
