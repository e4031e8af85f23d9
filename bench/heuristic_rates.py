#!/usr/bin/env python3
"""Node rates of two evaluations in the engine's search, paired in turn, over the bench
lines of the games that have a learned network (Kalah on 6 pits, Oware).

`mancala bench --heuristic H` searches the bench set with H at the leaves; this runs it for
each heuristic in turn, --runs times, and sums the nodes and milliseconds of the lines of
Kalah(6,N) and of Oware (the other games fall back to fitted and would dilute the figure).

    python3 bench/heuristic_rates.py [--binary build/mancala] [--runs 4] [--against fitted --heuristic learned]
"""
import argparse
import subprocess
import sys

NAME_WIDTH = 28  # the bench's first column


def rates(binary: str, heuristic: str) -> dict[str, float]:
    out = subprocess.run([binary, "bench", "--heuristic", heuristic, "--start-depth", "0"],
                         capture_output=True, text=True, check=True).stdout
    totals: dict[str, list[float]] = {}
    for line in out.splitlines():
        game = "kalah-6" if line.startswith("kalah(6,") else "oware" if line.startswith("oware ") else None
        if game is None or ":" in line:
            continue
        _depth, nodes, ms = line[NAME_WIDTH:].split()[:3]
        total = totals.setdefault(game, [0.0, 0.0])
        total[0] += int(nodes)
        total[1] += float(ms)
    if not totals:
        sys.exit(f"heuristic_rates: `{binary} bench` printed no Kalah(6,N) or Oware line")
    return {game: nodes / ms / 1000 for game, (nodes, ms) in totals.items()}  # millions a second


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default="build/mancala")
    ap.add_argument("--runs", type=int, default=4, help="pairs of runs (default 4)")
    ap.add_argument("--heuristic", default="learned")
    ap.add_argument("--against", default="fitted")
    args = ap.parse_args()
    for _ in range(args.runs):
        base, new = rates(args.binary, args.against), rates(args.binary, args.heuristic)
        print("  ".join(f"{game}: {args.against} {base[game]:.2f} M/s, {args.heuristic} {new[game]:.2f} M/s, "
                        f"ratio {new[game] / base[game]:.2f}" for game in sorted(base)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
