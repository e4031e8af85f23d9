#!/usr/bin/env python3
"""Positions of Kalah(6,4) games labelled with their exact values, to fit an evaluation.

Games start from random 4-ply openings and go on with a shallow engine's moves, a random
one now and then so that the positions vary; every position with between --min-stones
and --max-stones stones in its pits is solved by the proof search against the endgame
database under --db (`mancala db build --rules kalah --pits 6 --max-stones N`). Each line
of --out is one position and the side to move's final margin under perfect play:
    south pits,north pits,south store,north store,to move (S/N),value
The file is appended to and flushed line by line, so a stopped run keeps what it found.

    PYTHONPATH=build/python python3 bench/eval_data.py --db DIR --out FILE --positions 20000
"""
import argparse
import random
import sys
import time

import mancala


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="endgame database folder")
    ap.add_argument("--out", required=True, help="file to append the labelled positions to")
    ap.add_argument("--positions", type=int, default=20000, help="positions to label")
    ap.add_argument("--min-stones", type=int, default=20, help="fewest stones in the pits of a kept position")
    ap.add_argument("--max-stones", type=int, default=36, help="most stones in the pits of a kept position")
    ap.add_argument("--keep", type=float, default=0.3, help="share of the eligible positions kept")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    rules = mancala.Rules("kalah", 6, 4)
    player = mancala.Engine(hash=16, heuristic="weighted")  # the engine that played the games fitted first
    prover = mancala.Engine(hash=256, db=args.db)
    done, started = 0, time.time()
    with open(args.out, "a", encoding="utf-8") as out:
        while done < args.positions:
            p = mancala.Position.start(rules)
            plies = 0
            player.new_game()
            while not p.is_over() and done < args.positions:
                stones = sum(p.south) + sum(p.north)
                if args.min_stones <= stones <= args.max_stones and rng.random() < args.keep:
                    value = prover.search(p, mode="proof").score
                    row = ",".join(map(str, list(p.south) + list(p.north)))
                    out.write(f"{row},{p.south_store},{p.north_store},{p.to_move[0].upper()},{value}\n")
                    out.flush()
                    done += 1
                    if done % 500 == 0:
                        print(f"{done} positions, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
                moves = p.legal_moves()
                if plies < 4 or rng.random() < 0.15:
                    move = rng.choice(moves)
                else:
                    move = player.search(p, depth=rng.choice([4, 6, 8])).best_move
                p = p.child(move)
                plies += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
