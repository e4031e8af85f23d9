#include "support/naive_board.hpp"

#include <stdexcept>

namespace mancala::testing {

namespace {

// A place on the board, as a person pointing at it would name it.
struct Place {
    char row;    // 'A' or 'B'
    int column;  // 0..N-1 for pits; -1 for a store
};

bool operator==(Place x, Place y) { return x.row == y.row && x.column == y.column; }

// Counter-clockwise: along row B to the right, into B's store, along row A to the
// left, into A's store, and back to B2.
Place next_place(Place p, int n) {
    if (p.row == 'B') {
        if (p.column == -1) return {'A', n - 1};  // from B's store up to A(N+1)
        if (p.column == n - 1) return {'B', -1};  // B(N+1) -> B's store
        return {'B', p.column + 1};
    }
    if (p.column == -1) return {'B', 0};  // from A's store down to B2
    if (p.column == 0) return {'A', -1};  // A2 -> A's store
    return {'A', p.column - 1};
}

}  // namespace

std::vector<int> NaiveBoard::moves() const {
    std::vector<int> result;
    const auto& row = player == 1 ? b : a;
    for (int i = 0; i < pits(); ++i)
        if (row[static_cast<std::size_t>(i)] > 0) result.push_back(i);
    return result;
}

int NaiveBoard::total() const {
    int sum = store_a + store_b;
    for (int x : a) sum += x;
    for (int x : b) sum += x;
    return sum;
}

NaiveBoard::Outcome NaiveBoard::play(const Rules& rules, int column) {
    const int n = pits();
    const char own = player == 1 ? 'B' : 'A';
    const char other = player == 1 ? 'A' : 'B';
    auto count = [&](Place p) -> int& {
        if (p.column == -1) return p.row == 'A' ? store_a : store_b;
        return (p.row == 'A' ? a : b)[static_cast<std::size_t>(p.column)];
    };
    Outcome out;
    Place here{own, column};
    int in_hand = count(here);
    count(here) = 0;
    for (long steps = 0;; ++steps) {
        if (steps > 100'000'000) throw std::logic_error("naive relay did not end");
        while (in_hand > 0) {
            here = next_place(here, n);
            if (here == Place{other, -1}) continue;  // never into the opponent's store
            ++count(here);
            --in_hand;
        }
        if (here == Place{own, -1}) {
            out.extra_turn = rules.extra_turn;
            break;
        }
        if (here.row != own) break;
        if (count(here) == 1) {
            Place across{other, here.column};  // Bk faces Ak
            const bool takes = rules.capture == CaptureRule::Always ||
                               (rules.capture == CaptureRule::IfOppositeNonEmpty && count(across) > 0);
            if (takes) {
                count(Place{own, -1}) += 1 + count(across);
                count(here) = 0;
                count(across) = 0;
                out.capture = true;
            }
            break;
        }
        if (rules.sowing != SowingRule::Relay) break;
        in_hand = count(here);
        count(here) = 0;
    }

    int next = out.extra_turn ? player : 3 - player;
    auto row_sum = [](const std::vector<int>& row) {
        int s = 0;
        for (int x : row) s += x;
        return s;
    };
    if (rules.end == EndRule::EitherRowEmpty) {
        if (row_sum(a) == 0 || row_sum(b) == 0) {
            store_a += row_sum(a);
            store_b += row_sum(b);
            for (int& x : a) x = 0;
            for (int& x : b) x = 0;
            out.game_over = true;
        }
    } else if (row_sum(a) == 0 && row_sum(b) == 0) {
        out.game_over = true;
    } else if (row_sum(next == 1 ? b : a) == 0) {
        next = 3 - next;
        out.passed = true;
    }
    player = next;
    return out;
}

NaiveBoard NaiveBoard::from(const Position& p) {
    NaiveBoard board;
    const int n = p.pits();
    for (int col = 0; col < n; ++col) {
        board.b.push_back(p.pit(Side::South, col));
        board.a.push_back(p.pit(Side::North, n - 1 - col));
    }
    board.store_a = p.store(Side::North);
    board.store_b = p.store(Side::South);
    board.player = p.to_move() == Side::South ? 1 : 2;
    return board;
}

Position NaiveBoard::to_position() const {
    const std::vector<int> north(a.rbegin(), a.rend());
    return Position::from_counts(b, north, store_b, store_a, player == 1 ? Side::South : Side::North);
}

long long naive_perft(const Rules& rules, const NaiveBoard& board, int plies) {
    if (plies == 0) return 1;
    long long total = 0;
    for (int column : board.moves()) {
        NaiveBoard child = board;
        const auto out = child.play(rules, column);
        total += out.game_over ? (plies == 1 ? 1 : 0) : naive_perft(rules, child, plies - 1);
    }
    return total;
}

}  // namespace mancala::testing
