#!/usr/bin/env python3
"""How many moves a player still has to play, by the stones left in the pits.

    PYTHONPATH=build/python python3 bench/game_lengths.py [--games 30]

Plays GAMES games per board (Kalah(6,4), empty-capture (6,4), Kalah(6,5), Kalah(6,6),
Kalah(4,3)) between agents drawn from engine:depth=6, engine:depth=10, greedy,
alphabeta:depth=3 and random, two random opening plies each, and prints, for each board
and tenth of the stones still in the pits, the mover's moves left to the end of the game:
mean, 10th, 50th and 90th percentile. The engine's clock policy (src/search/time_manager.hpp)
is built on these figures.
"""

import argparse
import collections
import random

import mancala


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    random.seed(args.seed)
    specs = ["engine:depth=6", "greedy", "engine:depth=10", "alphabeta:depth=3", "random"]
    rows = collections.defaultdict(list)
    for rules, pits, seeds in [("kalah", 6, 4), ("homework", 6, 4), ("kalah", 6, 5), ("kalah", 6, 6), ("kalah", 4, 3)]:
        total = 2 * pits * seeds
        for _ in range(args.games):
            south, north = mancala.agent(random.choice(specs)), mancala.agent(random.choice(specs))
            position = mancala.Position.start(mancala.Rules(rules, pits, seeds))
            history = []
            while not position.is_over():
                history.append((position.to_move, total - position.south_store - position.north_store))
                agent = south if position.to_move == "south" else north
                moves = position.legal_moves()
                position.apply(random.choice(moves) if len(history) <= 2 else agent.choose(position).move)
            for i, (side, in_pits) in enumerate(history):
                left = sum(1 for s, _ in history[i:] if s == side)
                rows[(f"{rules}({pits},{seeds})", total, round(10 * in_pits / total))].append(left)
    print("board            stones  in pits   moves  mean    p10  p50  p90   mean/(stones in pits)")
    for (board, total, tenth), left in sorted(rows.items()):
        left.sort()
        n = len(left)
        mean = sum(left) / n
        in_pits = tenth * total / 10
        ratio = f"{(mean - 1) / in_pits:.2f}" if in_pits else "-"
        print(f"{board:<16} {total:>6}  {tenth * 10:>5}%  {n:>6}  {mean:5.1f}  {left[n // 10]:>5}  {left[n // 2]:>3}"
              f"  {left[9 * n // 10]:>3}   {ratio}")


if __name__ == "__main__":
    main()
