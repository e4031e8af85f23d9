#!/usr/bin/env python3
"""The score and Elo difference of one agent over a two-agent arena, with 95% intervals.

Each game scores 1, 1/2 or 0 for AGENT; the interval is 1.96 standard errors of the mean
score, and the Elo difference is 400 log10(s / (1 - s)) at the score and at each end.

    python3 bench/match_elo.py --agent SPEC_PREFIX DIR/games.csv [...]
"""
import argparse
import csv
import math
import statistics
import sys


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return 400 * math.log10(score / (1 - score))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agent", required=True, help="the agent's spec, or the start of it")
    ap.add_argument("games", nargs="+", help="games.csv files of mancala arena")
    args = ap.parse_args()
    for path in args.games:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        scores = []
        for r in rows:
            side = "south" if r["south"].startswith(args.agent) else "north" if r["north"].startswith(args.agent) else None
            if side is None:
                sys.exit(f"match_elo: {path}: game {r['game']} has no agent {args.agent!r}")
            scores.append(1.0 if r["winner"] == side else 0.5 if r["winner"] == "draw" else 0.0)
        if not scores:
            sys.exit(f"match_elo: {path}: no games")
        n = len(scores)
        s = sum(scores) / n
        half = 1.96 * statistics.pstdev(scores) / math.sqrt(n)
        wins, draws = scores.count(1.0), scores.count(0.5)
        print(f"{path}: {n} games, {wins}-{draws}-{n - wins - draws}, score {100 * s:.1f}% "
              f"({100 * (s - half):.1f}-{100 * (s + half):.1f}), Elo {elo(s):+.0f} "
              f"({elo(s - half):+.0f} to {elo(s + half):+.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
