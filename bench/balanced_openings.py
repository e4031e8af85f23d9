#!/usr/bin/env python3
"""Write a book of openings whose exact value is near even, for strength matches.

    PYTHONPATH=build/python python3 bench/balanced_openings.py --out FILE [--count 200]
        [--plies 4] [--within 2] [--db DIR] [--db-stones 19] [--jobs 1] [--threads 2] [--seed 1]

Random openings of PLIES plies from the start of Kalah(6,4) (a walk that ends the game is
drawn again; each position once) are solved exactly (`mancala solve --position P --db DIR`),
and those whose value, the final margin of the side to move under perfect play, is at most
WITHIN stones from even are kept, until COUNT are. A game from such an opening is decided by
the players' mistakes, not by the colours: a match played from them, each both ways
(`mancala arena --openings FILE`), measures strength more sharply than one from openings a
shallow search calls even. The database folder DIR (default mancala-db) is built up to
DB_STONES stones first if it lacks them. Each line of the book is a position in the
project's notation, then `# value V`; the header names the command that wrote it.

    PYTHONPATH=build/python python3 bench/balanced_openings.py --check GAMES_CSV [--first 50] [...]

instead solves the first FIRST distinct openings of an arena's games.csv and prints how many
are within WITHIN stones of even, and all their values: how balanced a match's openings were.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import random
import shlex
import subprocess
import sys

import mancala


def random_opening(rng, rules, plies):
    while True:
        position = mancala.Position.start(rules)
        for _ in range(plies):
            if position.is_over():
                break
            position.apply(rng.choice(position.legal_moves()))
        if not position.is_over():
            return position


def solve(binary, notation, db, db_stones, threads):
    command = [binary, "solve", "--position", notation, "--db", db, "--db-stones", str(db_stones),
               "--threads", str(threads), "--json"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["value"]


def spread(values):
    return ", ".join(f"{v:+d}: {n}" for v, n in sorted(values.items()))


def check(args):
    openings = []
    with open(args.check, newline="") as f:
        for row in csv.DictReader(f):
            if row["opening_position"] not in openings:
                openings.append(row["opening_position"])
    openings = openings[:args.first]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        solved = list(pool.map(lambda n: solve(args.binary, n, args.db, args.db_stones, args.threads), openings))
    values = {}
    for value in solved:
        values[value] = values.get(value, 0) + 1
    within = sum(1 for value in solved if abs(value) <= args.within)
    print(f"{within} of {len(solved)} openings within {args.within} of even; values: {spread(values)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--out", help="the book to write")
    target.add_argument("--check", help="an arena games.csv whose openings to solve instead")
    parser.add_argument("--first", type=int, default=50, help="with --check: distinct openings solved")
    parser.add_argument("--count", type=int, default=200, help="openings to keep")
    parser.add_argument("--plies", type=int, default=4, help="random plies from the start")
    parser.add_argument("--within", type=int, default=2, help="largest |value| kept, in stones")
    parser.add_argument("--db", default="mancala-db", help="endgame database folder")
    parser.add_argument("--db-stones", type=int, default=19)
    parser.add_argument("--jobs", type=int, default=1, help="proofs at a time")
    parser.add_argument("--threads", type=int, default=2, help="threads a proof")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default="build/mancala")
    args = parser.parse_args()
    if min(args.count, args.plies, args.jobs, args.threads, args.first) < 1 or args.within < 0:
        parser.error("--count, --plies, --jobs, --threads and --first must be at least 1, --within at least 0")

    subprocess.run([args.binary, "db", "build", "--rules", "kalah", "--pits", "6", "--max-stones",
                    str(args.db_stones), "--out", args.db, "--quiet"], check=True)
    if args.check:
        check(args)
        return
    rules = mancala.Rules("kalah", 6, 4)
    rng = random.Random(args.seed)
    seen = set()
    kept = []
    values = {}
    tried = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        while len(kept) < args.count:
            batch = []
            while len(batch) < 4 * args.jobs:
                notation = random_opening(rng, rules, args.plies).notation()
                if notation not in seen:
                    seen.add(notation)
                    batch.append(notation)
            for notation, value in zip(batch, pool.map(lambda n: solve(args.binary, n, args.db, args.db_stones, args.threads),
                                                       batch)):
                tried += 1
                values[value] = values.get(value, 0) + 1
                if abs(value) <= args.within and len(kept) < args.count:
                    kept.append((notation, value))
            print(f"\r{len(kept)}/{args.count} kept of {tried} solved", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    command = "PYTHONPATH=build/python python3 bench/balanced_openings.py " + shlex.join(sys.argv[1:])
    temporary = args.out + ".tmp"
    with open(temporary, "w") as f:
        f.write(f"# Kalah(6,4) openings of {args.plies} random plies whose exact value (the side to move's\n")
        f.write(f"# final margin) is within {args.within} of even: {len(kept)} kept of {tried} solved.\n")
        f.write(f"# Values of all those solved: {spread(values)}\n")
        f.write(f"# Written by: {command}\n")
        for notation, value in kept:
            f.write(f"{notation}  # value {value:+d}\n")
    os.replace(temporary, args.out)


if __name__ == "__main__":
    main()
