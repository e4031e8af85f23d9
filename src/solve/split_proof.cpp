#include "solve/split_proof.hpp"

#include <fmt/format.h>

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
        int estimate = 0;            ///< the first player's margin, in points: exact when the game is over
        std::optional<bool> answer;  ///< known without a search (the game's end, the journal)
    };

    // Does the first player's margin from `node` reach at_least_? `decisive` gets the
    // move that settled it when the node was split (the first player's move that
    // reaches it, or the second player's that keeps it out of reach). `tried`: its
    // piece has been searched once already and ran past piece_seconds.
    bool prove(const Position& node, int plies_left, int* decisive = nullptr, bool tried = false) {
        if (const std::optional<bool> answer = known(node, decisive)) return *answer;
        if (plies_left <= 0 && !tried) {
            if (const std::optional<bool> answer = search_piece(node)) return *answer;
        }
        const auto begin = Clock::now();
        const std::uint64_t nodes_before = result_.nodes;
        // The first player needs one child that holds; the second, one that does not.
        const bool first = node.to_move() == Side::South;
        auto settle = [&](const Child& c) {
            if (decisive) *decisive = c.move;
            record(node, first, c.move, nodes_before, begin);
            return first;
        };
        // An answer in the journal that settles the node is taken before any search,
        // the ordering searches included: a resumed proof, or one assembled from
        // pieces proven one by one (--position), keeps the moves it proved even when
        // this run's ordering searches (which threads make vary) would put another
        // move first, and spends nothing on the nodes it has answered.
        std::vector<Child> children = children_of(node);
        for (Child& c : children) {
            line_.push_back(c.move);
            c.answer = known(c.position);
            line_.pop_back();
            if (c.answer == first) return settle(c);
        }
        order(children, first);
        // Pieces with a time limit: every child's piece gets its search before any is
        // split, so that a child the search answers at once is not kept waiting behind
        // one whose subtree is large (the mover's move that settles the node may be any
        // of them, and the first in order is only the likeliest).
        const bool children_are_pieces = plies_left - 1 <= 0 && options_.piece_seconds;
        if (children_are_pieces) {
            for (Child& c : children) {
                if (c.answer) continue;
                line_.push_back(c.move);
                c.answer = search_piece(c.position);
                line_.pop_back();
                if (c.answer == first) return settle(c);
            }
        }
        for (const Child& c : children) {
            if (c.answer) continue;
            line_.push_back(c.move);
            const bool child_holds = prove(c.position, plies_left - 1, nullptr, children_are_pieces);
            line_.pop_back();
            if (child_holds == first) return settle(c);
        }
        if (decisive) *decisive = -1;
        record(node, !first, -1, nodes_before, begin);
        return !first;
    }

    // The answer without a search: the game is over, or the journal has it.
    std::optional<bool> known(const Position& node, int* decisive = nullptr) {
        if (node.is_terminal(rules_)) return node.store_difference(Side::South) >= at_least_;
        if (!journal_) return std::nullopt;
        const JournalEntry* entry = journal_->answer(node, at_least_);
        if (!entry) return std::nullopt;
        ++result_.pieces_from_journal;
        tell({line_, node, PieceStage::FromJournal, entry->holds, 0, 0});
        if (decisive) *decisive = entry->move;
        return entry->holds;
    }

    // A split node's answer, in the journal.
    void record(const Position& node, bool holds, int settled_by, std::uint64_t nodes_before,
                Clock::time_point begin) {
        if (journal_)
            journal_->record(
                {node, at_least_, holds, "split", settled_by, result_.nodes - nodes_before, seconds_since(begin)});
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
        limits.stop = options_.stop;
        const search::SearchReport report = engine_.search(
            rules_, node, limits, search::SearchMode::bound(mover_at_least, options_.warmup_depth), observer_);
        result_.nodes += report.nodes;
        if (!report.proven && options_.stop && options_.stop->load())
            throw ProofStopped(
                fmt::format("stopped in a piece after {} nodes, {:.0f} s", report.nodes, report.seconds));
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

    // The node's children, in the order of their moves.
    std::vector<Child> children_of(const Position& node) const {
        std::vector<Child> children;
        for (const int move : node.legal_moves(rules_)) {
            Position child = node;
            child.apply(rules_, move);
            children.push_back({move, child, child.store_difference(Side::South) * search::kPointsPerStone, {}});
        }
        return children;
    }

    // Puts the mover's most promising children first (by a short search of each),
    // so that the first to settle the node comes early. `first`: the first player moves.
    void order(std::vector<Child>& children, bool first) {
        for (Child& c : children) {
            if (c.answer) continue;  // never searched: its place does not matter (a finished game is answered)
            search::SearchLimits limits;
            limits.depth = options_.ordering_depth;
            const search::SearchReport report = engine_.search(rules_, c.position, limits);
            result_.nodes += report.nodes;
            c.estimate = c.position.to_move() == Side::South ? report.score : -report.score;
        }
        std::stable_sort(children.begin(), children.end(), [first](const Child& a, const Child& b) {
            return first ? a.estimate > b.estimate : a.estimate < b.estimate;
        });
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
