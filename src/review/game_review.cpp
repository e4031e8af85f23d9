#include "review/game_review.hpp"

#include "play/game_session.hpp"
#include "search/engine.hpp"
#include "search/score_units.hpp"

#include <algorithm>

namespace mancala::review {

namespace {

using search::kPointsPerStone;

double stones(int points) { return static_cast<double>(points) / kPointsPerStone; }

/// South's final margin in a finished game: the stores plus what is left in each row.
double final_south_margin(const Rules& rules, const Position& position) {
    const play::Score score = play::GameSession(rules, position).score();
    return score.south - score.north;
}

}  // namespace

struct GameReviewer::Impl {
public:
    Impl(GameMoves game, ReviewSettings settings)
        : game_(std::move(game)),
          settings_(settings),
          prover_(search::EngineSettings{.hash_mb = settings.hash_mb, .threads = 1, .endgame = settings.endgame}),
          // Off, a depth-d search gives exactly the depth-d value whatever the table holds,
          // so an estimate does not depend on what was reviewed before it.
          estimator_(search::EngineSettings{
              .hash_mb = 16, .threads = 1, .reuse_deeper_results = false, .endgame = settings.endgame}),
          // The databases of the games whose positions repeat leave a majority rule (Oware's
          // 25) out and play every seed out: a search that reads them proves the win, draw or
          // loss (a store past half stays past half), but of the margins only a draw's.
          open_margins_(game_.rules.majority && settings.endgame && settings.endgame->covers(game_.rules)) {
        positions_.push_back(game_.start);
        play::GameSession session(game_.rules, game_.start);
        for (int pit : game_.moves) {
            session.play(pit);
            positions_.push_back(session.position());
        }
        estimates_.resize(positions_.size());
        values_.resize(positions_.size());
        next_ = positions_.size();
        progress_.total = static_cast<int>(positions_.size());
    }

    bool done() const { return next_ == 0; }

    void step() {
        --next_;
        values_[next_] = value_of(next_);
        ++progress_.done;
        progress_.exact += values_[next_].exact ? 1 : 0;
    }

    const ReviewProgress& progress() const { return progress_; }

    GameReview result() {
        GameReview review;
        review.game = game_;
        review.positions = values_;
        for (std::size_t ply = 0; ply < game_.moves.size(); ++ply) {
            review.moves.push_back(grade_move(ply, values_[ply], values_[ply + 1]));
            const MoveReview& m = review.moves.back();
            SideSummary& summary = m.side == Side::South ? review.south : review.north;
            ++summary.grades[static_cast<std::size_t>(m.grade)];
            summary.total_loss += m.loss;
            ++summary.moves;
        }
        review.nodes = nodes_;
        review.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        return review;
    }

private:
    /// Every move's value at a fixed depth, from the mover's side, in stones.
    struct Estimate {
        std::vector<search::MoveAnalysis> moves;
        bool all_proven = false;

        const search::MoveAnalysis& best() const {
            return *std::max_element(moves.begin(), moves.end(),
                                     [](const auto& a, const auto& b) { return a.score < b.score; });
        }
        const search::MoveAnalysis* of(int move) const {
            for (const auto& m : moves)
                if (m.move == move) return &m;
            return nullptr;
        }
    };

    static double south_view(Side mover, double value) { return mover == Side::South ? value : -value; }

    /// Whether a proven score (points) is the game's final margin (open_margins_).
    bool margin_exact(int points) const { return !open_margins_ || points == 0; }

    PositionValue value_of(std::size_t i) {
        const Position& p = positions_[i];
        if (p.is_terminal(game_.rules)) return {final_south_margin(game_.rules, p), true, -1};
        const Side mover = p.to_move();
        if (settings_.proof_time.count() > 0) {
            search::SearchLimits limits;
            limits.move_time = settings_.proof_time;
            limits.nodes = settings_.proof_nodes;
            const search::SearchReport report = prover_.search(game_.rules, p, limits, search::SearchMode::proof());
            nodes_ += report.nodes;
            if (report.proven && margin_exact(report.score))
                return {south_view(mover, stones(report.score)), true, report.best_move};
        }
        const Estimate& e = estimate(i);
        return {south_view(mover, stones(e.best().score)), e.all_proven, e.best().move};
    }

    const Estimate& estimate(std::size_t i) {
        if (!estimates_[i]) {
            search::SearchLimits limits;
            limits.depth = settings_.estimate_depth;
            const search::SearchReport report =
                estimator_.search(game_.rules, positions_[i], limits, search::SearchMode::every_move());
            nodes_ += report.nodes;
            Estimate e{report.moves, !report.moves.empty()};
            for (const auto& m : e.moves) e.all_proven = e.all_proven && m.proven && margin_exact(m.score);
            estimates_[i] = std::move(e);
        }
        return *estimates_[i];
    }

    MoveReview grade_move(std::size_t ply, const PositionValue& before, const PositionValue& after) {
        const Position& p = positions_[ply];
        MoveReview m;
        m.ply = static_cast<int>(ply);
        m.side = p.to_move();
        m.move = game_.moves[ply];
        m.forced = p.legal_moves(game_.rules).size() == 1;
        if (before.exact && after.exact) {
            // Values are final margins: the move's value is the value of where it led.
            m.best = south_view(m.side, before.south);
            m.played = south_view(m.side, after.south);
            m.best_move = before.best_move;
            m.exact = true;
        } else {
            // One of the two is an estimate: compare the moves within one search, at one depth.
            const Estimate& e = estimate(ply);
            m.best = stones(e.best().score);
            m.best_move = e.best().move;
            const search::MoveAnalysis* played = e.of(m.move);
            m.played = played ? stones(played->score) : m.best;
            m.exact = e.all_proven;
        }
        m.loss = std::max(0.0, m.best - m.played);
        m.grade = grade_for_loss(m.loss, settings_.thresholds);
        return m;
    }

    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    const GameMoves game_;
    const ReviewSettings settings_;
    search::Engine prover_;
    search::Engine estimator_;
    std::vector<Position> positions_;
    std::vector<std::optional<Estimate>> estimates_;
    std::vector<PositionValue> values_;
    std::size_t next_ = 0;  ///< positions below this index still need a value
    ReviewProgress progress_;
    std::uint64_t nodes_ = 0;
    const bool open_margins_;
};

GameReviewer::GameReviewer(GameMoves game, ReviewSettings settings)
    : impl_(std::make_unique<Impl>(std::move(game), std::move(settings))) {}
GameReviewer::~GameReviewer() = default;
bool GameReviewer::done() const { return impl_->done(); }
void GameReviewer::step() { impl_->step(); }
ReviewProgress GameReviewer::progress() const { return impl_->progress(); }
GameReview GameReviewer::result() { return impl_->result(); }

GameReview review_game(const GameMoves& game, const ReviewSettings& settings,
                       const std::function<void(const ReviewProgress&)>& progress, const std::atomic<bool>* stop) {
    GameReviewer reviewer(game, settings);
    while (!reviewer.done()) {
        if (stop && stop->load()) throw ReviewStopped();
        reviewer.step();
        if (progress) progress(reviewer.progress());
    }
    return reviewer.result();
}

}  // namespace mancala::review
