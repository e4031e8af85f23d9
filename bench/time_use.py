#!/usr/bin/env python3
"""How much of its time a move the engine spends, on positions it has not settled.

    PYTHONPATH=build/python python3 bench/time_use.py [--time-ms 50] [--games 6] [--spec engine]

Plays GAMES games of Kalah(6,4) from 4 random plies, the engine (SPEC:time=TIME, or a
`cmd:` SPEC as it is, e.g. an older build through the engine protocol) as both sides, and times each of its moves from the Python call to the answer. Moves whose value
the engine proved, and forced moves, are left out: the engine may stop early on those.
Prints the spent fraction of the budget: mean, min, median, 90th and 99th percentile, max.
"""

import argparse
import random
import statistics
import time

import mancala


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-ms", type=float, default=50)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--spec", default="engine")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    random.seed(args.seed)
    budget = args.time_ms / 1000
    if args.spec.startswith("cmd:"):  # another program: its command line sets its time
        spec = args.spec
    elif ":" in args.spec:
        spec = f"{args.spec},time={args.time_ms:g}ms"
    else:
        spec = f"{args.spec}:time={args.time_ms:g}ms"
    agent = mancala.agent(spec)
    spent = []
    for _ in range(args.games):
        position = mancala.Position.start("kalah")
        agent.new_game()
        ply = 0
        while not position.is_over():
            moves = position.legal_moves()
            if ply < 4 or len(moves) == 1:
                move = random.choice(moves)
            else:
                started = time.perf_counter()
                decision = agent.choose(position)
                elapsed = time.perf_counter() - started
                move = decision.move
                if not decision.exact:
                    spent.append(elapsed / budget)
            position.apply(move)
            ply += 1
    spent.sort()
    n = len(spent)
    print(f"{spec}: {n} unsettled moves; spent of the budget: mean {statistics.mean(spent):.3f}, "
          f"min {spent[0]:.3f}, median {spent[n // 2]:.3f}, p90 {spent[9 * n // 10]:.3f}, "
          f"p99 {spent[min(n - 1, 99 * n // 100)]:.3f}, max {spent[-1]:.3f}")


if __name__ == "__main__":
    main()
