#!/usr/bin/env python3
"""Fits the count-capture family's `fitted` weights to positions labelled by
bench/cyclic_eval_data.py (src/search/count_fitted_evaluation.hpp).

The target is what the side to move still gains of the seeds in the pits (the played-out
final margin less the stores' difference); the features are the header's, computed here
from each position's notation. Least squares by the normal equations (a dozen features:
no numpy needed). Prints the mean squared error on a held-out fifth of the positions for
no evaluation, for `weighted` (0.3 x the row difference), for the least-squares weights
and for those weights rounded to tenths of a seed as the engine holds them, then the
rounded weights. --features prints the features of each position instead (the tests
compare them with the header's).

    python3 bench/fit_cyclic_eval.py [--rules oware] FILE [FILE ...]
"""
import argparse
import random
import sys

NAMES = ["my seeds", "their seeds", "my exposed", "their exposed", "my capture", "their capture", "my empty",
         "their empty", "my sown over", "their sown over", "to move"]


class Rules:
    """The dimensions the features read, for the games the fit is run on."""
    GAMES = {
        "oware": dict(counts={2, 3}, even=False, side="opponent", chain=True, back=False),
        "awari": dict(counts={2, 3}, even=False, side="opponent", chain=True, back=False),
        "bohnenspiel": dict(counts={2, 4, 6}, even=False, side="both", chain=True, back=False),
    }

    def __init__(self, name):
        if name not in self.GAMES:
            sys.exit(f"unknown game '{name}' (the fit knows {', '.join(sorted(self.GAMES))})")
        self.__dict__.update(self.GAMES[name])

    def count_captures(self, own_row, seeds):
        on_side = self.side == "both" or (self.side == "own") == own_row
        return on_side and seeds > 0 and (seeds in self.counts or (self.even and seeds % 2 == 0))


def best_capture(row, other, rules):
    n, best = len(row), 0
    for i, seeds in enumerate(row):
        if seeds == 0 or seeds >= 2 * n:
            continue
        back = rules.back and seeds > 1
        last = i + (seeds - 1 if back else seeds)
        if last >= 2 * n:
            continue
        own_row = last < n
        taken, c = 0, last
        while c >= (i if back else i + 1) and (c < n) == own_row:
            pit = c if own_row else c - n
            after = (row if own_row else other)[pit] + (1 - seeds if own_row and c == i else 1)
            if not rules.count_captures(own_row, after):
                break
            taken += after
            if not rules.chain:
                break
            c -= 1
        best = max(best, taken)
    return best


def features(mine, theirs, rules):
    """Rows in sowing order: pit i is n - i sowings from the end of its row."""
    n = len(mine)
    exposed = lambda row: sum(1 for s in row if rules.count_captures(False, s + 1))
    empty = lambda row: sum(1 for s in row if s == 0)
    over = lambda row: sum(min(max(s - (n - i), 0), n) for i, s in enumerate(row))
    return [sum(mine), sum(theirs), exposed(mine), exposed(theirs), best_capture(mine, theirs, rules),
            best_capture(theirs, mine, rules), empty(mine), empty(theirs), over(mine), over(theirs), 1]


def parse(text, where, clockwise=False):
    """Position notation rowA/rowB/storeA/storeB/side, as South sees the board: row A is
    North's pits and row B South's, left to right. Counter-clockwise, South sows its row
    left to right and North its row right to left; a clockwise game is the mirror image.
    Returns the rows of the side to move and of the other in their sowing order."""
    parts = text.split("/")
    if len(parts) != 5 or parts[4] not in ("S", "N"):
        sys.exit(f"{where}: expected rowA/rowB/storeA/storeB/S|N, found '{text}'")
    try:
        north, south = [int(x) for x in parts[0].split(",")][::-1], [int(x) for x in parts[1].split(",")]
        north_store, south_store = int(parts[2]), int(parts[3])
    except ValueError:
        sys.exit(f"{where}: a count is not a number in '{text}'")
    if clockwise:
        north, south = north[::-1], south[::-1]
    if len(north) != len(south):
        sys.exit(f"{where}: rows of {len(north)} and {len(south)} pits")
    if parts[4] == "S":
        return south, north, south_store - north_store
    return north, south, north_store - south_store


def load(paths, rules):
    x, y = [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                position, _, value = line.strip().rpartition(",")
                mine, theirs, lead = parse(position, f"{path}:{number}")
                try:
                    target = float(value) - lead
                except ValueError:
                    sys.exit(f"{path}:{number}: the value '{value}' is not a number")
                x.append(features(mine, theirs, rules))
                y.append(target)
    return x, y


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a small, dense, symmetric)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            m[col][col] = 1e-12  # a feature constant over the data: its weight stays 0
        for r in range(n):
            if r != col:
                k = m[r][col] / m[col][col]
                m[r] = [v - k * w for v, w in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def least_squares(x, y, ridge=1e-6):
    k = len(x[0])
    a = [[sum(row[i] * row[j] for row in x) + (ridge if i == j else 0) for j in range(k)] for i in range(k)]
    b = [sum(row[i] * t for row, t in zip(x, y)) for i in range(k)]
    return solve(a, b)


def mse(x, y, w):
    return sum((sum(f * v for f, v in zip(row, w)) - t) ** 2 for row, t in zip(x, y)) / len(y)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rules", default="oware")
    ap.add_argument("--features", action="store_true", help="print each position's features and stop")
    args = ap.parse_args()
    rules = Rules(args.rules)
    if args.features:
        for path in args.files:
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    text = line.strip()
                    if "," in text.rpartition("/")[2]:  # a labelled line: its value left out
                        text = text.rpartition(",")[0]
                    mine, theirs, _ = parse(text, f"{path}:{number}")
                    print(" ".join(map(str, features(mine, theirs, rules))))
        return 0
    x, y = load(args.files, rules)
    order = list(range(len(y)))
    random.Random(1).shuffle(order)
    held = set(order[: len(order) // 5])
    train = [i for i in order if i not in held]
    xt, yt = [x[i] for i in train], [y[i] for i in train]
    xh, yh = [x[i] for i in held], [y[i] for i in held]
    w = least_squares(xt, yt)
    rounded = [round(v * 10) / 10 for v in w]
    weighted = [0.3, -0.3] + [0] * (len(NAMES) - 2)
    print(f"{len(y)} positions, {len(xt)} to fit, {len(xh)} held out")
    print(f"held-out mean squared error (seeds^2): none {mse(xh, yh, [0] * len(NAMES)):.1f}, "
          f"weighted {mse(xh, yh, weighted):.1f}, least squares {mse(xh, yh, w):.1f}, "
          f"rounded {mse(xh, yh, rounded):.1f}")
    for name, v in zip(NAMES, rounded):
        print(f"  {name:16} {v:+.1f} seeds = {round(v * 10):+d} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
