#!/usr/bin/env python3
"""Positions of self-play games labelled by deep searches and by the games' outcomes, to
train the learned evaluation (src/search/learned_evaluation.hpp, bench/train_eval.py).

Each game starts from 2 to --random-plies random plies, then both sides are played by the
engine at --depth (--heuristic, `fitted` by default), a random move --noise of the time so that the
games vary. Every position the engine moves from is a line of --out:
    mover's pits,opponent's pits,search,proven,outcome
with the pits in sowing order from the side to move's view (its row, then the other's,
each pit 1 first), `search` what the side to move gains of the stones in the pits by the
depth-D search (its score less the store difference, in stones), `proven` 1 when that
search proved it, and `outcome` what it gained of them by the end of the game as played.
A repetition (Oware's family) or --max-plies ends the game, each side taking its own row.
The file is appended to and flushed game by game, so a stopped run keeps what it found;
two runs with different --seed values share the two cores.

    PYTHONPATH=build/python python3 bench/learned_eval_data.py --rules kalah --pits 6 --seeds 6 \
        --out data-kalah-6-6.csv --positions 100000 --seed 1
"""
import argparse
import random
import sys
import time

import mancala


def rows(p):
    """The side to move's row, then the other's, each in sowing order."""
    return (p.south, p.north) if p.to_move == "south" else (p.north, p.south)


def store_difference(p, side):
    return p.south_store - p.north_store if side == "south" else p.north_store - p.south_store


def play_game(rules, engine, rng, args):
    """The labelled positions of one game: (pits, search, proven, mover, store difference)."""
    p = mancala.Position.start(rules)
    engine.new_game()
    seen = {(tuple(p.south), tuple(p.north), p.to_move)}
    opening = rng.randint(2, args.random_plies)
    kept = []
    for ply in range(args.max_plies):
        if p.is_over():
            break
        moves = p.legal_moves()
        if ply < opening:
            move = rng.choice(moves)
        else:
            report = engine.search(p, depth=args.depth)
            mine, theirs = rows(p)
            gain = report.score - store_difference(p, p.to_move)
            kept.append((list(mine) + list(theirs), gain, int(report.proven), p.to_move, store_difference(p, p.to_move)))
            move = rng.choice(moves) if rng.random() < args.noise else report.best_move
        p = p.child(move)
        key = (tuple(p.south), tuple(p.north), p.to_move)
        if key in seen:
            break  # a repetition ends the game
        seen.add(key)
    # The margin at the end, each side taking its own row if the game did not end by the rules.
    final = p.margin("south")
    if not p.is_over():
        final += sum(p.south) - sum(p.north)
    lines = []
    for pits, gain, proven, mover, stores in kept:
        outcome = (final if mover == "south" else -final) - stores
        lines.append(",".join(map(str, pits)) + f",{gain:g},{proven},{outcome}\n")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kalah", help="the game (default kalah)")
    ap.add_argument("--pits", type=int, help="pits a side (default: the game's)")
    ap.add_argument("--seeds", type=int, help="stones a pit at the start (default: the game's)")
    ap.add_argument("--out", required=True, help="file to append the labelled positions to")
    ap.add_argument("--positions", type=int, default=100000, help="positions to label")
    ap.add_argument("--depth", type=int, default=14, help="the labelling search's depth (default 14)")
    ap.add_argument("--random-plies", type=int, default=8, help="most random plies at the start (default 8)")
    ap.add_argument("--noise", type=float, default=0.05, help="share of random moves after the opening")
    ap.add_argument("--max-plies", type=int, default=400, help="longest game")
    ap.add_argument("--heuristic", default="fitted",
                    help="the labelling engine's evaluation (default fitted, as for the shipped networks; "
                         "learned trains a network on its predecessor's searches)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.positions < 1 or args.depth < 1 or args.random_plies < 2 or not 0 <= args.noise < 1:
        ap.error("--positions and --depth must be positive, --random-plies at least 2, --noise in [0, 1)")

    rng = random.Random(args.seed)
    kwargs = {k: v for k, v in (("pits", args.pits), ("seeds", args.seeds)) if v is not None}
    rules = mancala.Rules(args.rules, **kwargs)
    engine = mancala.Engine(hash=16, heuristic=args.heuristic)
    done, games, started = 0, 0, time.time()
    with open(args.out, "a", encoding="utf-8") as out:
        while done < args.positions:
            lines = play_game(rules, engine, rng, args)
            out.writelines(lines)
            out.flush()
            done += len(lines)
            games += 1
            if games % 50 == 0:
                print(f"{done} positions, {games} games, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
