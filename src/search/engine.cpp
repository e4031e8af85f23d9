#include "search/engine.hpp"

#include "core/pit_names.hpp"
#include "search/helper_pool.hpp"
#include "search/mtdf.hpp"
#include "search/search_worker.hpp"
#include "search/time_manager.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace mancala::search {

namespace {

// Root moves in positional order for the first iteration, then best-first.
std::vector<int> initial_order(const Rules& rules, const Position& p) {
    std::vector<int> order;
    for (int move : p.legal_moves(rules)) order.push_back(move);
    return order;
}

/// One call of Engine::search: iterative deepening on the main thread, each
/// iteration a full-window search (shallow, or scoring every move) or MTD(f)
/// passes, with the helper threads alongside.
template <class Board>
class SearchRun {
public:
    using Context = typename BoardOps<Board>::Context;

    SearchRun(const EngineSettings& settings, TranspositionTable& tt, const Context& context, const Board& root,
              const Position& position, const SearchLimits& limits, const SearchMode& mode,
              SearchObserver* observer)
        : settings_(settings),
          context_(context),
          root_(root),
          root_pits_(position.pits()),
          root_mover_(position.to_move()),
          mode_(mode),
          observer_(observer),
          base_points_(kPointsPerStone * position.store_difference(position.to_move())),
          order_(initial_order(BoardOps<Board>::rules(context), position)),
          time_(limits, move_context(BoardOps<Board>::rules(context), position), start_) {
        shared_.heuristic = settings.heuristic;
        if (settings.heuristic == Heuristic::Learned) {
            const Rules& rules = BoardOps<Board>::rules(context);
            if (settings.network && !settings.network->plays(rules))
                throw std::invalid_argument(fmt::format("the network is of {} on {} pits a side, not of this game",
                                                        settings.network->game, settings.network->pits));
            shared_.network = settings.network ? settings.network.get() : embedded_network_for(rules);
        }
        shared_.reuse_deeper_results = settings.reuse_deeper_results;
        shared_.reductions = settings.reuse_deeper_results && mode.goal != SearchMode::Goal::Proof;
        // A proof's last pass takes its move order from every entry of the warm-up,
        // shallow ones included, which the small near table would lose.
        tt.use_near_table(mode.goal != SearchMode::Goal::Proof);
        // A proof keeps the entries that saved the most work, whatever their depth
        // (both choices' figures: docs/PERFORMANCE.md, "The constants in the code").
        tt.replace_by_work(mode.goal == SearchMode::Goal::Proof);
        shared_.total_stones = position.total_stones();
        shared_.tt = &tt;
        const EndgameOracle* endgame = settings.endgame;
        if (endgame && endgame->covers(BoardOps<Board>::rules(context))) {
            shared_.endgame = endgame;
            shared_.endgame_signs_only = !endgame->exact_under(BoardOps<Board>::rules(context));
            shared_.endgame_stones = settings.endgame_stones < 0
                                         ? endgame->max_stones()
                                         : std::min(settings.endgame_stones, endgame->max_stones());
            shared_.untabled_stones = shared_.endgame_stones + untabled_stones(position.pits());
            shared_.no_etc_stones = shared_.endgame_stones + kEtcStonesAboveDatabase;
        }
        shared_.set_deadline(time_.deadline());
        shared_.caller_stop = limits.stop;
        shared_.node_limit = limits.nodes;
        const bool prove = mode.goal == SearchMode::Goal::Proof;
        // A proof deepens through its warm-up, then one last iteration searches to the end of the game.
        max_depth_ = prove ? std::clamp(mode.proof_warmup_depth, 0, kMaxDepth) + 1
                           : std::min(limits.depth.value_or(kMaxDepth), kMaxDepth);
        tt.new_search();
    }

    SearchReport run();

private:
    bool proving() const { return mode_.goal == SearchMode::Goal::Proof; }
    /// A stopped iteration's result is kept only from MTD(f) passes of a best-move search.
    bool keeps_partial(int depth) const { return mode_.goal == SearchMode::Goal::BestMove && depth >= 4; }
    int depth_of(int iteration) const { return proving() && iteration == max_depth_ ? kProveDepth : iteration; }
    RootScore search_depth(int depth, int guess, std::vector<RootScore>* scores);
    RootScore test_bound(int depth);
    void watch_proof_passes();
    void record(const RootScore& best, std::vector<RootScore>& scores, int depth);
    void count() {
        main_.flush_nodes();
        report_.nodes = shared_.nodes.load();
        report_.seconds = seconds();
    }
    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
    ProofBounds bounds_in_stones(int lower, int upper) const;

    const EngineSettings& settings_;
    const Context& context_;
    const Board& root_;
    const int root_pits_;  ///< the root's size and mover, for the names of its moves
    const Side root_mover_;
    const SearchMode mode_;
    SearchObserver* observer_;
    const Clock::time_point start_ = Clock::now();
    const int base_points_;  ///< the root's store difference: scores below count from it
    int max_depth_ = 0;
    std::vector<int> order_;
    TimeManager time_;
    SharedSearch shared_;
    std::optional<HelperPool<Board>> helpers_;
    SearchWorker<Board> main_{shared_, context_};
    SearchReport report_;
    int bound_ = 0;     ///< the bound test's outcome (SearchReport::bound)
    int beta_now_ = 0;  ///< the proof pass under way, for the progress ticks
};

template <class Board>
SearchReport SearchRun<Board>::run() {
    if (order_.empty()) return report_;
    report_.best_move = order_.front();
    helpers_.emplace(shared_, context_, root_, order_, settings_.threads - 1,
                     proving() ? max_depth_ - 1 : max_depth_, proving());
    main_.report_progress();
    int guess = 0;
    for (int iteration = 1; iteration <= max_depth_; ++iteration) {
        const int depth = depth_of(iteration);
        std::vector<RootScore> scores;
        const RootScore best = search_depth(depth, guess, &scores);
        if (main_.stopped()) {
            // A deeper MTD(f) iteration cut off after a pass failed high: its move is at
            // least as good as any other at this depth (see mtdf.hpp), so it is played.
            if (best.move >= 0 && keeps_partial(depth)) {
                report_.best_move = best.move;
                report_.score = base_points_ + best.score;
                report_.pv = main_.principal_variation(root_, best.move, depth);
            }
            break;
        }
        if (best.move < 0) break;
        guess = best.score;
        record(best, scores, depth);
        // Best move first next time; the others keep their relative order.
        std::stable_partition(order_.begin(), order_.end(), [&](int m) { return m == best.move; });
        count();
        if (observer_) observer_->on_iteration(report_);
        if (report_.proven) break;  // the game value is known: deeper search changes nothing
        time_.iteration_done(best.move, best.score);
        shared_.set_deadline(time_.deadline());
        if (time_.stop_before_next(Clock::now())) break;
        if (shared_.caller_stop && shared_.caller_stop->load()) break;
    }
    helpers_->stop();
    count();
    return report_;
}

// One iteration: a full window when shallow or scoring every move (into
// `scores`), MTD(f) from `guess` otherwise. The passes of a proof are joined by
// the helpers and reported to the observer.
template <class Board>
RootScore SearchRun<Board>::search_depth(int depth, int guess, std::vector<RootScore>* scores) {
    const bool every_move = mode_.goal == SearchMode::Goal::EveryMove;
    if (every_move || depth < 4)
        return main_.search_root(root_, depth, -kScoreInfinity, kScoreInfinity, order_,
                                 every_move ? scores : nullptr, mode_.multipv);
    if (depth != kProveDepth)
        return mtdf(
            main_, root_, depth, guess, order_, [](int) {}, [](int, int) {});
    if (mode_.at_least) return test_bound(depth);
    watch_proof_passes();
    // Which side each pass is expected to refute every move of, so that the threads
    // split those nodes' children at once (SharedSearch::fail_low_side): the root's
    // mover's in a pass after one that held, as MTD(f) then climbs, and the pass that
    // climbs past the value is the costly one that fails low; no guess otherwise (the
    // first pass, and one after a fail low, which climbs down to a pass that holds and
    // mostly costs little). A guess in every pass split cheap passes wastefully, and
    // never guessing slowed the big proofs (docs/PERFORMANCE.md, "The constants in the code"). A bound test
    // has no guess: its helpers keep to ABDADA's rule.
    bool last_pass_held = false;  // none has yet
    const RootScore best = mtdf(
        main_, root_, depth, guess, order_,
        [&](int beta) {
            beta_now_ = beta;
            shared_.fail_low_side = last_pass_held ? static_cast<int>(root_mover_) : -1;
            helpers_->begin_pass(beta, main_);
        },
        [&](int lower, int upper) {
            last_pass_held = lower >= beta_now_;
            if (!observer_) return;
            main_.flush_nodes();
            observer_->on_proof_bounds(bounds_in_stones(lower, upper));
        });
    shared_.on_tick = nullptr;
    return best;
}

// A bound test: one null-window pass to the end at beta = the bound (in points from
// the root's store difference), joined by the helpers. Its score is a lower bound of the
// value when at least beta, else an upper bound.
template <class Board>
RootScore SearchRun<Board>::test_bound(int depth) {
    const int beta = *mode_.at_least * kPointsPerStone - base_points_;
    beta_now_ = beta;
    watch_proof_passes();
    helpers_->begin_pass(beta, main_);
    const RootScore pass = main_.search_root(root_, depth, beta - 1, beta, order_, nullptr);
    shared_.on_tick = nullptr;
    if (main_.stopped()) return RootScore{-1, 0, false};
    bound_ = pass.score >= beta ? 1 : -1;
    if (observer_) {
        main_.flush_nodes();
        observer_->on_proof_bounds(bound_ > 0 ? bounds_in_stones(pass.score, kScoreInfinity)
                                              : bounds_in_stones(-kScoreInfinity, pass.score));
    }
    return pass;
}

// The observer hears of the proof pass under way (beta_now_) now and then.
template <class Board>
void SearchRun<Board>::watch_proof_passes() {
    if (!observer_) return;
    shared_.tick_interval = observer_->progress_interval();
    shared_.on_tick = [this] {  // the main worker has just flushed its nodes, on its thread
        ProofTest test;
        test.at_least = stones_at_least(base_points_ + beta_now_);
        test.nodes = shared_.nodes.load();
        test.seconds = seconds();
        const RootProgress& at = main_.root_progress();
        if (at.move >= 0) {
            test.root_move = pit_name(BoardOps<Board>::rules(context_), root_mover_, at.move);
            test.root_index = at.index;
            test.root_moves = at.count;
        }
        observer_->on_proof_test(test);
    };
}

template <class Board>
ProofBounds SearchRun<Board>::bounds_in_stones(int lower, int upper) const {
    ProofBounds b;
    if (lower > -kScoreInfinity) b.lower = stones_at_least(base_points_ + lower);
    if (upper < kScoreInfinity) b.upper = stones_at_most(base_points_ + upper);
    b.nodes = shared_.nodes.load();
    b.seconds = seconds();
    return b;
}

// The report after a completed iteration: best move, score, principal variation,
// and when scoring moves, each move scored exactly, best first.
template <class Board>
void SearchRun<Board>::record(const RootScore& best, std::vector<RootScore>& scores, int depth) {
    report_.best_move = best.move;
    report_.score = base_points_ + best.score;
    report_.proven = best.proven;
    report_.bound = depth == kProveDepth ? bound_ : 0;
    report_.depth = depth;
    report_.pv = main_.principal_variation(root_, best.move, depth);
    if (mode_.goal != SearchMode::Goal::EveryMove) return;
    report_.moves.clear();
    std::stable_sort(scores.begin(), scores.end(),
                     [](const RootScore& a, const RootScore& b) { return a.score > b.score; });
    for (const RootScore& s : scores)
        if (!s.excluded)
            report_.moves.push_back(MoveAnalysis{s.move, base_points_ + s.score, s.proven,
                                                 main_.principal_variation(root_, s.move, depth)});
    // The first moves searched are scored exactly even when they are not among the best.
    if (mode_.multipv > 0 && report_.moves.size() > static_cast<std::size_t>(mode_.multipv))
        report_.moves.resize(static_cast<std::size_t>(mode_.multipv));
}

}  // namespace

Engine::Engine(EngineSettings settings) : settings_(settings), tt_(settings.hash_mb) {}

void Engine::configure(const EngineSettings& settings) {
    if (settings.hash_mb != settings_.hash_mb) tt_.resize(settings.hash_mb);
    settings_ = settings;
}

void Engine::new_game() { tt_.clear(); }

std::uint64_t Engine::table_key(const Rules& rules, const Position& position) {
    // The packed boards play Kalah-shaped rules only, the cyclic board the games of
    // Oware's shape (whose keys are the core board's); every other game searches the core board.
    const bool packed = kalah_shaped(rules);
    if (packed && PackedBoard::fits(position))
        return BoardOps<PackedBoard>::key(PackedBoard::from(position), PackedRules(rules));
    if (packed && WidePackedBoard::fits(position))
        return BoardOps<WidePackedBoard>::key(WidePackedBoard::from(position), WidePackedRules(rules));
    if (CyclicBoard::plays(rules, position))
        return BoardOps<CyclicBoard>::key(CyclicBoard::from(position), CyclicRules(rules));
    return BoardOps<Position>::key(position, rules);
}

SearchReport Engine::search(const Rules& rules, const Position& position, const SearchLimits& limits,
                            const SearchMode& mode, SearchObserver* observer) {
    if (!settings_.fast_boards) return search_board(rules, position, position, limits, mode, observer);
    if (CyclicBoard::plays(rules, position)) {
        const CyclicRules context(rules);
        return search_board(context, CyclicBoard::from(position), position, limits, mode, observer);
    }
    const bool packed = kalah_shaped(rules);
    if (packed && PackedBoard::fits(position)) {
        const PackedRules context(rules);
        return search_board(context, PackedBoard::from(position), position, limits, mode, observer);
    }
    if (packed && WidePackedBoard::fits(position)) {
        const WidePackedRules context(rules);
        return search_board(context, WidePackedBoard::from(position), position, limits, mode, observer);
    }
    return search_board(rules, position, position, limits, mode, observer);
}

template <class Board>
SearchReport Engine::search_board(const typename BoardOps<Board>::Context& context, const Board& root,
                                  const Position& position, const SearchLimits& limits, const SearchMode& mode,
                                  SearchObserver* observer) {
    return SearchRun<Board>(settings_, tt_, context, root, position, limits, mode, observer).run();
}

std::string format_score(int points, bool proven) {
    if (proven) {
        const int stones = points / kPointsPerStone;
        if (stones > 0) return fmt::format("win by {}", stones);
        if (stones < 0) return fmt::format("loss by {}", -stones);
        return "draw";
    }
    if (points % kPointsPerStone == 0) return fmt::format("{:+d}", points / kPointsPerStone);
    return fmt::format("{:+.1f}", static_cast<double>(points) / kPointsPerStone);
}

}  // namespace mancala::search
