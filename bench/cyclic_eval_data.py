#!/usr/bin/env python3
"""Positions of a count-capture game (Oware by default) labelled by playing them out, to fit
the evaluation of src/search/count_fitted_evaluation.hpp.

Games start from 2 to 8 random plies and go on with a shallow engine's moves, a random one
now and then so that the positions vary. A kept position is played out to the end by the
engine at --depth on both sides (store-diff leaves: the label owes nothing to the fit); a
repeated position ends the game with each side taking its own row, as the rules say, and
so do --max-plies plies. Each line of --out is one position and the side to move's final
margin from it:
    position notation,value
The file is appended to and flushed line by line, so a stopped run keeps what it found.

    PYTHONPATH=build/python python3 bench/cyclic_eval_data.py --out FILE --positions 10000
"""
import argparse
import random
import sys
import time

import mancala


def cells_key(p):
    return (tuple(p.south), tuple(p.north), p.to_move)


def play_out(p, engine, depth, max_plies, seen):
    """The final margin for the side to move of `p`, both sides played by `engine`."""
    mover = p.to_move
    seen = set(seen)
    for _ in range(max_plies):
        if p.is_over():
            return p.margin(mover)
        p = p.child(engine.search(p, depth=depth).best_move)
        key = cells_key(p)
        if key in seen:
            break
        seen.add(key)
    # A repetition (or the ply cap): each side takes the seeds of its own row.
    mine = sum(p.south) if mover == "south" else sum(p.north)
    theirs = sum(p.north) if mover == "south" else sum(p.south)
    return p.margin(mover) + mine - theirs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="oware", help="the game (default oware)")
    ap.add_argument("--out", required=True, help="file to append the labelled positions to")
    ap.add_argument("--positions", type=int, default=10000, help="positions to label")
    ap.add_argument("--depth", type=int, default=6, help="the play-out engine's depth (default 6)")
    ap.add_argument("--max-plies", type=int, default=400, help="longest play-out")
    ap.add_argument("--keep", type=float, default=0.15, help="share of the positions met that are kept")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.positions < 1 or args.depth < 1 or not 0 < args.keep <= 1:
        ap.error("--positions and --depth must be positive and --keep in (0, 1]")

    rng = random.Random(args.seed)
    rules = mancala.Rules(args.rules)
    player = mancala.Engine(hash=16, heuristic="store-diff")
    done, started = 0, time.time()
    with open(args.out, "a", encoding="utf-8") as out:
        while done < args.positions:
            p = mancala.Position.start(rules)
            seen = {cells_key(p)}
            opening = rng.randint(2, 8)
            for ply in range(args.max_plies):
                if p.is_over() or done >= args.positions:
                    break
                if ply >= opening and rng.random() < args.keep:
                    out.write(f"{p.notation()},{play_out(p, player, args.depth, args.max_plies, seen)}\n")
                    out.flush()
                    done += 1
                    if done % 500 == 0:
                        print(f"{done} positions, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
                moves = p.legal_moves()
                if ply < opening or rng.random() < 0.15:
                    move = rng.choice(moves)
                else:
                    move = player.search(p, depth=rng.choice([2, 4, 6])).best_move
                p = p.child(move)
                if cells_key(p) in seen:
                    break  # the game ended by repetition
                seen.add(cells_key(p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
