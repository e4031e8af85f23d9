#!/usr/bin/env python3
"""Fits the `fitted` evaluation's weights to positions labelled by bench/eval_data.py.

The target is what the side to move still gains of the stones in the pits under perfect
play (the exact final margin less the stores' difference); the features are those of
src/search/fitted_evaluation.hpp, for Kalah(6,4). Prints the mean squared error on a
held-out fifth of the positions for no evaluation, for `weighted` (0.3 x the side
difference), for the least-squares weights and for those weights rounded to tenths of a
stone as the engine holds them, then the rounded weights.

    python3 bench/fit_eval.py FILE [FILE ...]
"""
import sys

import numpy as np

PITS = 6
NAMES = ([f"mine at {d}" for d in range(1, PITS + 1)] + [f"theirs at {d}" for d in range(1, PITS + 1)] +
         ["my extra turns", "their extra turns", "my best capture", "their best capture", "my empty pits",
          "their empty pits", "to move", "my stones sown over", "their stones sown over"])


def best_capture(row, other):
    """The biggest capture one sowing of `row` makes under Kalah rules, its landing stone counted."""
    best = 0
    for i, s in enumerate(row):
        j = i + s
        if s and j < PITS and row[j] == 0 and other[PITS - 1 - j] > 0:
            best = max(best, other[PITS - 1 - j] + 1)
    return best


def features(mine, theirs):
    """Rows in sowing order: pit i is PITS - i sowings from its store."""
    extra = lambda row: sum(1 for i, s in enumerate(row) if s == PITS - i)
    empty = lambda row: sum(1 for s in row if s == 0)
    # Stones a pit's sowing would put in the other side's pits (one lap at most).
    over = lambda row: sum(min(max(s - (PITS - i), 0), PITS) for i, s in enumerate(row))
    return ([mine[PITS - d] for d in range(1, PITS + 1)] + [theirs[PITS - d] for d in range(1, PITS + 1)] +
            [extra(mine), extra(theirs), best_capture(mine, theirs), best_capture(theirs, mine), empty(mine),
             empty(theirs), 1, over(mine), over(theirs)])


def load(paths):
    x, y = [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                cells = line.strip().split(",")
                if len(cells) != 2 * PITS + 4:
                    sys.exit(f"{path}:{number}: expected {2 * PITS + 4} fields, found {len(cells)}")
                south, north = list(map(int, cells[:PITS])), list(map(int, cells[PITS:2 * PITS]))
                stores = int(cells[2 * PITS]) - int(cells[2 * PITS + 1])
                if cells[2 * PITS + 2] == "S":
                    mine, theirs, lead = south, north, stores
                else:
                    mine, theirs, lead = north, south, -stores
                x.append(features(mine, theirs))
                y.append(float(cells[-1]) - lead)
    return np.array(x, float), np.array(y)


def main() -> int:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    x, y = load(sys.argv[1:])
    order = np.random.default_rng(0).permutation(len(y))
    cut = len(y) * 4 // 5
    train, test = order[:cut], order[cut:]
    side = x[:, :PITS].sum(1) - x[:, PITS:2 * PITS].sum(1)
    weights, *_ = np.linalg.lstsq(x[train], y[train], rcond=None)
    tenths = np.round(weights * 10)
    mse = lambda guess: float(np.mean((guess[test] - y[test]) ** 2))
    print(f"{len(y)} positions, {len(test)} held out; mean squared error in stones²:")
    print(f"  none {mse(0 * y):.1f}, weighted {mse(0.3 * side):.1f}, fitted {mse(x @ weights):.1f}, "
          f"in tenths {mse(x @ tenths / 10):.1f}")
    for name, w in zip(NAMES, tenths):
        print(f"  {name:20} {int(w):+d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
