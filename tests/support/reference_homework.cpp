#include "support/reference_homework.hpp"

#include "support/naive_board.hpp"

#include <climits>
#include <sstream>
#include <vector>

namespace mancala::testing {

namespace {

constexpr int kInf = INT_MAX;

struct Reference {
    Rules rules;
    int me = 1;
    int cutoff = 1;
    bool alpha_beta = false;
    std::ostringstream log;

    int eval(const NaiveBoard& b) const { return me == 1 ? b.store_b - b.store_a : b.store_a - b.store_b; }

    static std::string show(int v) {
        if (v == kInf) return "Infinity";
        if (v == -kInf) return "-Infinity";
        return std::to_string(v);
    }

    void print(const std::string& name, int depth, int v, int alpha, int beta) {
        log << name << ',' << depth << ',' << show(v);
        if (alpha_beta) log << ',' << show(alpha) << ',' << show(beta);
        log << '\n';
    }

    int visit(const NaiveBoard& board, const std::string& name, int depth, bool in_extra, int alpha, int beta) {
        const bool max_node = board.player == me;
        int v = max_node ? -kInf : kInf;
        print(name, depth, v, alpha, beta);
        const int child_depth = in_extra ? depth : depth + 1;
        for (int column : board.moves()) {
            NaiveBoard child = board;
            const auto out = child.play(rules, column);
            const std::string child_name = (board.player == 1 ? "B" : "A") + std::to_string(column + 2);
            int child_value;
            if (out.game_over || (child_depth >= cutoff && !out.extra_turn)) {
                child_value = eval(child);
                print(child_name, child_depth, child_value, alpha, beta);
            } else {
                child_value = visit(child, child_name, child_depth, out.extra_turn, alpha, beta);
            }
            if (max_node) {
                v = std::max(v, child_value);
                if (alpha_beta && v >= beta) {
                    print(name, depth, v, alpha, beta);
                    return v;
                }
                if (alpha_beta) alpha = std::max(alpha, v);
            } else {
                v = std::min(v, child_value);
                if (alpha_beta && v <= alpha) {
                    print(name, depth, v, alpha, beta);
                    return v;
                }
                if (alpha_beta) beta = std::min(beta, v);
            }
            print(name, depth, v, alpha, beta);
        }
        return v;
    }

    // Exact minimax value, no pruning, no log.
    int value(const NaiveBoard& board, int depth, bool in_extra) const {
        const bool max_node = board.player == me;
        int v = max_node ? -kInf : kInf;
        const int child_depth = in_extra ? depth : depth + 1;
        for (int column : board.moves()) {
            NaiveBoard child = board;
            const auto out = child.play(rules, column);
            const int child_value = (out.game_over || (child_depth >= cutoff && !out.extra_turn))
                                        ? eval(child)
                                        : value(child, child_depth, out.extra_turn);
            v = max_node ? std::max(v, child_value) : std::min(v, child_value);
        }
        return v;
    }

    // The first move of best exact value at a max node.
    int best_move(const NaiveBoard& board, int depth, bool in_extra) const {
        int best = -1;
        int best_value = -kInf;
        const int child_depth = in_extra ? depth : depth + 1;
        for (int column : board.moves()) {
            NaiveBoard child = board;
            const auto out = child.play(rules, column);
            const int v = (out.game_over || (child_depth >= cutoff && !out.extra_turn))
                              ? eval(child)
                              : value(child, child_depth, out.extra_turn);
            if (best < 0 || v > best_value) {
                best = column;
                best_value = v;
            }
        }
        return best;
    }
};

std::string format_row(const std::vector<int>& row) {
    std::string s;
    for (std::size_t i = 0; i < row.size(); ++i) s += (i ? " " : "") + std::to_string(row[i]);
    return s;
}

std::vector<int> read_row(std::istream& in) {
    std::string line;
    std::getline(in, line);
    std::istringstream words(line);
    std::vector<int> row;
    for (int x; words >> x;) row.push_back(x);
    return row;
}

}  // namespace

ReferenceOutput reference_homework(const std::string& input) {
    std::istringstream in(input);
    int task = 0;
    Reference ref;
    in >> task >> ref.me >> ref.cutoff;
    in.ignore(1 << 20, '\n');
    NaiveBoard board;
    board.a = read_row(in);
    board.b = read_row(in);
    in >> board.store_a >> board.store_b;
    board.player = ref.me;
    ref.rules = make_rules("homework", board.pits(), 0);
    if (task == 1) ref.cutoff = 1;
    ref.alpha_beta = task == 3;

    ReferenceOutput out;
    if (task == 2 || task == 3) {
        ref.log << (ref.alpha_beta ? "Node,Depth,Value,Alpha,Beta\n" : "Node,Depth,Value\n");
        ref.visit(board, "root", 0, false, -kInf, kInf);
        out.traverse_log = ref.log.str();
    }
    // The whole turn: best root move, then first best continuations while extra turns last.
    int depth = 0;
    bool in_extra = false;
    for (;;) {
        const int column = ref.best_move(board, depth, in_extra);
        const auto result = board.play(ref.rules, column);
        if (!result.extra_turn || result.game_over) break;
        depth = 1;
        in_extra = true;
    }
    out.next_state = format_row(board.a) + "\n" + format_row(board.b) + "\n" + std::to_string(board.store_a) +
                     "\n" + std::to_string(board.store_b) + "\n";
    return out;
}

}  // namespace mancala::testing
