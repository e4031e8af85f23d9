#!/usr/bin/env python3
"""Times `mancala solve` (auto) of two builds on the games of docs/SOLVING.md's solved
tables, runs of each in turn, and checks that they agree on every value.

Usage: bench/solve_auto_compare.py OLD_BINARY NEW_BINARY [RUNS]   (default 5 runs)

Prints one JSON line a game (the methods each build took, the range and median of
its own `seconds`), then the sum of the medians. The games of the tables up to
Kalah(5,4) and (6,3): the bigger ones take seconds to minutes and are measured on
their own (docs/PERFORMANCE.md, "Auto's race").
"""
import json
import statistics
import subprocess
import sys

SKIPPED = {(5, 5), (5, 6), (6, 4), (6, 5), (6, 6)}


def solve(binary, rules, pits, seeds):
    out = subprocess.run([binary, "solve", "--rules", rules, "--pits", str(pits), "--seeds", str(seeds), "--json"],
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    return d["seconds"], d["method"], d["value"]


def spread(runs):
    times = [r[0] for r in runs]
    return [min(times), statistics.median(times), max(times)]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) == 4 else 5
    totals = [0.0, 0.0]
    for rules in ["kalah", "homework"]:
        for pits in range(1, 7):
            for seeds in range(1, 7):
                if (pits, seeds) in SKIPPED:
                    continue
                before, after = [], []
                for _ in range(runs):
                    before.append(solve(old, rules, pits, seeds))
                    after.append(solve(new, rules, pits, seeds))
                values = {r[2] for r in before + after}
                if len(values) != 1:
                    sys.exit(f"{rules}({pits},{seeds}): the builds disagree: {sorted(values)}")
                b, a = spread(before), spread(after)
                totals[0] += b[1]
                totals[1] += a[1]
                print(json.dumps({"rules": rules, "pits": pits, "seeds": seeds,
                                  "old_methods": sorted({r[1] for r in before}), "old_seconds": b,
                                  "new_methods": sorted({r[1] for r in after}), "new_seconds": a}), flush=True)
    print(f"sum of the medians: old {totals[0]:.3f} s, new {totals[1]:.3f} s")


if __name__ == "__main__":
    main()
