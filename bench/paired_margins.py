#!/usr/bin/env python3
"""Paired margins of an arena between two agents: each opening is played with both colours,
so a pair's summed margin for AGENT cancels the opening's advantage. Where an opening decides
the winner whatever the agents do (Congklak and Dakon from 2 random plies: every pair splits
one win each), the margins still tell the stronger agent.

    python3 bench/paired_margins.py --agent SPEC DIR/games.csv [...]

Prints, for each file: the pairs, AGENT's mean summed margin a pair with its 95% interval
(1.96 standard errors), and the pairs it won, drew and lost on margin.
"""
import argparse
import csv
import statistics
import sys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agent", required=True, help="the agent's spec as games.csv writes it")
    ap.add_argument("files", nargs="+", help="games.csv files of `mancala arena --out`")
    args = ap.parse_args()
    for path in args.files:
        by_opening = {}
        with open(path, encoding="utf-8", newline="") as f:
            for number, row in enumerate(csv.DictReader(f), 2):
                try:
                    margin = int(row["south_margin"])
                    south, north, opening = row["south"], row["north"], row["opening"]
                except (KeyError, ValueError, TypeError):
                    sys.exit(f"{path}:{number}: not a games.csv line of `mancala arena`")
                if args.agent not in (south, north):
                    continue
                by_opening.setdefault(opening, []).append(margin if south == args.agent else -margin)
        pairs = [sum(v) for v in by_opening.values() if len(v) == 2]
        if len(pairs) < 2:
            sys.exit(f"{path}: fewer than two openings played by '{args.agent}' with both colours")
        half = 1.96 * statistics.stdev(pairs) / len(pairs) ** 0.5
        won, even = sum(p > 0 for p in pairs), sum(p == 0 for p in pairs)
        print(f"{path}: {len(pairs)} pairs, margin a pair {statistics.mean(pairs):+.2f} ± {half:.2f} (95%), "
              f"pairs won-even-lost {won}-{even}-{len(pairs) - won - even}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
