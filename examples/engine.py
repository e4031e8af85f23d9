#!/usr/bin/env python3
"""A mancala engine in 30 lines (docs/PROTOCOL.md): it takes an extra turn when a pit
offers one, else plays a random pit. Try it: mancala arena --agents "cmd:python3 examples/engine.py" greedy"""
import random, sys

position = None

def legal_pits(notation):
    row_a, row_b, _, _, side = notation.split("/")
    if side.upper().startswith("S"):  # South plays row B: B2..B(N+1), left to right, towards its store
        counts = [int(c) for c in row_b.split(",")]
        return [(f"B{i + 2}", c, len(counts) - i) for i, c in enumerate(counts) if c]
    counts = [int(c) for c in row_a.split(",")]  # North plays row A: A2..A(N+1), right to left
    return [(f"A{i + 2}", c, i + 1) for i, c in enumerate(counts) if c]

def say(line):
    print(line, flush=True)

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "mep":
        say("id name example.py")
        say("mepok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":  # the host always sends the whole position (no "moves")
        position = words[1]
    elif words[0] == "go":
        pits = legal_pits(position)
        extra = [name for name, count, to_store in pits if count == to_store]
        say("bestmove " + (extra[0] if extra else random.choice(pits)[0]))
    elif words[0] == "quit":
        break
