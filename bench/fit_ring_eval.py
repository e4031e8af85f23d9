#!/usr/bin/env python3
"""Fits the ring fit's `fitted` weights (src/search/ring_fitted_evaluation.hpp: Congklak,
Dakon, Ayoayo, Mangala) to positions labelled by bench/cyclic_eval_data.py --rules GAME.

The target is what the side to move still gains of the seeds in the pits (the played-out
final margin less the stores' difference); the features are the header's, computed here
from each position's notation by code of its own. Prints the held-out mean squared error
for no evaluation, for `weighted` (0.3 x the row difference), for the least-squares
weights and for them rounded to tenths of a seed, then the rounded weights in the
header's order. Files of several games may be fitted together (one set of weights for a
shape of game). --features prints each position's features instead.

    python3 bench/fit_ring_eval.py --rules congklak FILE [--rules dakon FILE ...]
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_cyclic_eval import least_squares, mse, parse  # noqa: E402  (the count fit's shared steps)

NAMES = ["my seeds", "their seeds", "my empty", "their empty", "my sown over", "their sown over",
         "my store landings", "their store landings", "my relays", "their relays", "my capture",
         "their capture", "to move"]

# The dimensions the features read, as src/core/games.ini gives the games.
GAMES = {
    "congklak": dict(clockwise=True, store=True, extra=True, relay=True, relay_both=True, back=False, opposite="non-empty",
                     takes_last=True, counts=set(), even=False, side="opponent", chain=False),
    "dakon": dict(clockwise=False, store=True, extra=True, relay=True, relay_both=True, back=False, opposite="non-empty",
                  takes_last=True, counts=set(), even=False, side="opponent", chain=False),
    "ayoayo": dict(clockwise=False, store=False, extra=False, relay=True, relay_both=True, back=False, opposite="non-empty",
                   takes_last=True, counts=set(), even=False, side="opponent", chain=False),
    "mangala": dict(clockwise=False, store=True, extra=True, relay=False, relay_both=False, back=True, opposite="non-empty",
                    takes_last=True, counts=set(), even=True, side="opponent", chain=False),
}


class Game:
    def __init__(self, name):
        if name not in GAMES:
            sys.exit(f"unknown game '{name}' (the fit knows {', '.join(sorted(GAMES))})")
        self.__dict__.update(GAMES[name])

    def count_takes(self, own_row, seeds):
        on_side = self.side == "both" or (self.side == "own") == own_row
        return on_side and seeds > 0 and (seeds in self.counts or (self.even and seeds % 2 == 0))


def first_laps(row, other, g):
    """(store landings, relays, biggest capture) of the first laps of `row`'s pits."""
    n = len(row)
    lap = 2 * n + (1 if g.store else 0)
    landings = relays = best = 0
    for i, seeds in enumerate(row):
        if seeds == 0:
            continue
        # The cells the lap sows, in order: pit i again first when the first seed goes back.
        cells = list(range(i if g.back and seeds > 1 else i + 1, lap))[:seeds]
        if len(cells) < seeds:
            continue  # past one lap
        last = cells[-1]
        if last < n:
            before = row[last]
            if before == 0:
                across = other[n - 1 - last]
                if g.opposite == "always" or (g.opposite == "non-empty" and across > 0):
                    best = max(best, across + (1 if g.takes_last else 0))
            elif g.relay:
                relays += 1
            if g.count_takes(True, before + 1):
                best = max(best, before + 1)
        elif g.store and last == n:
            landings += 1 if g.extra else 0
        else:
            pit = last - n - (1 if g.store else 0)
            if other[pit] > 0 and g.relay and g.relay_both:
                relays += 1
            taken = 0
            for k in range(pit, -1, -1):
                if not g.count_takes(False, other[k] + 1):
                    break
                taken += other[k] + 1
                if not g.chain:
                    break
            best = max(best, taken)
    return landings, relays, best


def features(mine, theirs, g):
    """Rows in sowing order: pit i is n - i sowings from the end of its row."""
    n = len(mine)
    empty = lambda row: sum(1 for s in row if s == 0)
    over = lambda row: sum(min(max(s - (n - i), 0), n) for i, s in enumerate(row))
    ml, mr, mc = first_laps(mine, theirs, g)
    tl, tr, tc = first_laps(theirs, mine, g)
    return [sum(mine), sum(theirs), empty(mine), empty(theirs), over(mine), over(theirs), ml, tl, mr, tr, mc, tc, 1]


def load(path, g, x, y):
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            position, _, value = line.strip().rpartition(",")
            mine, theirs, lead = parse(position, f"{path}:{number}", g.clockwise)
            try:
                target = float(value) - lead
            except ValueError:
                sys.exit(f"{path}:{number}: the value '{value}' is not a number")
            x.append(features(mine, theirs, g))
            y.append(target)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", action="append", nargs=2, metavar=("GAME", "FILE"), required=True,
                    help="a game and a file of its labelled positions (repeatable)")
    ap.add_argument("--features", action="store_true", help="print each position's features and stop")
    args = ap.parse_args()
    if args.features:
        for name, path in args.rules:
            g = Game(name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    text = line.strip()
                    if "," in text.rpartition("/")[2]:  # a labelled line: its value left out
                        text = text.rpartition(",")[0]
                    mine, theirs, _ = parse(text, f"{path}:{number}", g.clockwise)
                    print(" ".join(map(str, features(mine, theirs, g))))
        return 0
    x, y = [], []
    for name, path in args.rules:
        load(path, Game(name), x, y)
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
        print(f"  {name:20} {v:+.1f} seeds = {round(v * 10):+d} points")
    print("  C++: {" + ", ".join(str(round(v * 10)) for v in rounded) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
