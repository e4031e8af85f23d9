#include "solve/split_proof.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace mancala::solve {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point begin) {
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

class SplitProof {
public:
    SplitProof(const Rules& rules, int at_least, search::Engine& engine, const SplitOptions& options,
               ProofJournal* journal, const std::function<void(const PieceReport&)>& on_piece,
               search::SearchObserver* observer)
        : rules_(rules),
          at_least_(at_least),
          engine_(engine),
          options_(options),
          journal_(journal),
          on_piece_(on_piece),
          observer_(observer) {}

    SplitResult run(const Position& root) {
        result_.holds = prove(root, options_.split_plies, &result_.move);
        return result_;
    }

private:
    struct Child {
        int move;
        Position position;
        int estimate;  ///< the first player's margin, in points: exact when the game is over
    };

    // Does the first player's margin from `node` reach at_least_? `decisive` gets the
    // move that settled it when the node was split (the first player's move that
    // reaches it, or the second player's that keeps it out of reach).
    bool prove(const Position& node, int plies_left, int* decisive = nullptr) {
        if (node.is_terminal(rules_)) return node.store_difference(Side::South) >= at_least_;
        if (journal_) {
            if (const JournalEntry* known = journal_->answer(node, at_least_)) {
                ++result_.pieces_from_journal;
                tell({line_, node, PieceStage::FromJournal, known->holds, 0, 0});
                if (decisive) *decisive = known->move;
                return known->holds;
            }
        }
        if (plies_left <= 0) {
            if (const std::optional<bool> answer = search_piece(node)) return *answer;
        }
        const auto begin = Clock::now();
        const std::uint64_t nodes_before = result_.nodes;
        // The first player needs one child that holds; the second, one that does not.
        const bool first = node.to_move() == Side::South;
        bool holds = !first;
        int settled_by = -1;
        for (const Child& child : ordered_children(node)) {
            line_.push_back(child.move);
            const bool child_holds = prove(child.position, plies_left - 1);
            line_.pop_back();
            if (child_holds == first) {
                holds = first;
                settled_by = child.move;
                break;
            }
        }
        if (decisive) *decisive = settled_by;
        if (journal_)
            journal_->record(
                {node, at_least_, holds, "split", settled_by, result_.nodes - nodes_before, seconds_since(begin)});
        return holds;
    }

    // One proof search of `node`'s bound; nullopt when it ran past piece_seconds.
    std::optional<bool> search_piece(const Position& node) {
        const bool first = node.to_move() == Side::South;
        // "South at least V" is, with North to move, "North not at least 1 - V".
        const int mover_at_least = first ? at_least_ : 1 - at_least_;
        tell({line_, node, PieceStage::Started, false, 0, 0});
        search::SearchLimits limits;
        if (options_.piece_seconds)
            limits.deadline =
                Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(std::max(0.0, *options_.piece_seconds)));
        const search::SearchReport report = engine_.search(
            rules_, node, limits, search::SearchMode::bound(mover_at_least, options_.warmup_depth), observer_);
        result_.nodes += report.nodes;
        if (!report.proven) {
            ++result_.pieces_abandoned;
            tell({line_, node, PieceStage::Abandoned, false, report.nodes, report.seconds});
            return std::nullopt;
        }
        const bool mover_holds =
            report.bound != 0 ? report.bound > 0 : std::lround(report.stones()) >= mover_at_least;
        const bool holds = first ? mover_holds : !mover_holds;
        ++result_.pieces_searched;
        if (journal_) journal_->record({node, at_least_, holds, "search", -1, report.nodes, report.seconds});
        tell({line_, node, PieceStage::Answered, holds, report.nodes, report.seconds});
        return holds;
    }

    // The node's children, the mover's most promising first (by a short search), so
    // that the first to settle the node comes early.
    std::vector<Child> ordered_children(const Position& node) {
        std::vector<Child> children;
        for (const int move : node.legal_moves()) {
            Position child = node;
            child.apply(rules_, move);
            int estimate = child.store_difference(Side::South) * search::kPointsPerStone;
            if (!child.is_terminal(rules_)) {
                search::SearchLimits limits;
                limits.depth = options_.ordering_depth;
                const search::SearchReport report = engine_.search(rules_, child, limits);
                result_.nodes += report.nodes;
                estimate = child.to_move() == Side::South ? report.score : -report.score;
            }
            children.push_back({move, child, estimate});
        }
        const bool first = node.to_move() == Side::South;
        std::stable_sort(children.begin(), children.end(), [first](const Child& a, const Child& b) {
            return first ? a.estimate > b.estimate : a.estimate < b.estimate;
        });
        return children;
    }

    void tell(const PieceReport& piece) const {
        if (on_piece_) on_piece_(piece);
    }

    const Rules& rules_;
    const int at_least_;
    search::Engine& engine_;
    const SplitOptions& options_;
    ProofJournal* journal_;
    const std::function<void(const PieceReport&)>& on_piece_;
    search::SearchObserver* observer_;
    std::vector<int> line_;
    SplitResult result_;
};

}  // namespace

SplitResult prove_split(const Rules& rules, const Position& root, int at_least, search::Engine& engine,
                        const SplitOptions& options, ProofJournal* journal,
                        const std::function<void(const PieceReport&)>& on_piece, search::SearchObserver* observer) {
    return SplitProof(rules, at_least, engine, options, journal, on_piece, observer).run(root);
}

}  // namespace mancala::solve
