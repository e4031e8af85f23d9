#!/usr/bin/env python3
"""An engine that misbehaves on purpose, for the host's tests (tests/protocol):
   fake_engine.py MODE [MOVES [MARKER]]
MODE says what it does at its MOVES-th move (default 1); before that it plays the first legal pit.
It writes "fake started" to standard error when it starts, and "fake newgame" at each newgame.
  good          never misbehaves
  crash         exits with code 3
  crash-once    exits with code 3 if the file MARKER does not exist, and creates it
  sleep         never answers
  illegal       answers an empty pit
  not-a-pit     answers "bestmove Z9"
  garbage       writes binary bytes
  close-output  closes its standard output and keeps running
  long-line     writes 100,000 bytes without a line end
  chatter       writes a line that is not in the protocol
  no-mepok      never answers mep (MOVES is ignored)
  no-readyok    never answers isready (MOVES is ignored)
  bad-rules     answers rules with an error (MOVES is ignored)
  flood-stderr  writes 5 MB to standard error, then plays on
"""
import os, sys, time

mode = sys.argv[1]
at = int(sys.argv[2]) if len(sys.argv) > 2 else 1
marker = sys.argv[3] if len(sys.argv) > 3 else None
sys.stderr.write("fake started\n")
sys.stderr.flush()
position = None
moves = 0

def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

def first_legal(notation, empty=False):
    row_a, row_b, _, _, side = notation.split("/")
    south = side.upper().startswith("S")
    counts = [int(c) for c in (row_b if south else row_a).split(",")]
    for i, c in enumerate(counts):
        if (c == 0) == empty:
            return ("B" if south else "A") + str(i + 2)
    return None

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "mep":
        if mode == "no-mepok":
            time.sleep(3600)
        say("id name fake " + mode)
        say("mepok")
    elif words[0] == "isready":
        if mode == "no-readyok":
            time.sleep(3600)
        say("readyok")
    elif words[0] == "rules" and mode == "bad-rules":
        say("info string error: no such rules here")
    elif words[0] == "newgame":
        sys.stderr.write("fake newgame\n")
        sys.stderr.flush()
    elif words[0] == "position":
        position = words[1]
    elif words[0] == "go":
        moves += 1
        if moves == at and mode != "good":
            if mode == "crash":
                sys.exit(3)
            if mode == "crash-once" and not os.path.exists(marker):
                open(marker, "w").close()
                sys.exit(3)
            if mode == "sleep":
                time.sleep(3600)
            if mode == "illegal":
                empty = first_legal(position, empty=True)
                if empty:
                    say("bestmove " + empty)
                    continue
            if mode == "not-a-pit":
                say("bestmove Z9")
                continue
            if mode == "garbage":
                sys.stdout.buffer.write(b"\x00\xff\xfe garbage\n")
                sys.stdout.flush()
                continue
            if mode == "close-output":
                os.close(1)
                time.sleep(3600)
            if mode == "long-line":
                sys.stdout.write("info string " + "x" * 100000)
                sys.stdout.flush()
                time.sleep(3600)
            if mode == "chatter":
                say("hello there")
                continue
            if mode == "flood-stderr":
                for _ in range(5 * 1024):
                    sys.stderr.write("e" * 1023 + "\n")
                sys.stderr.flush()
        say("info score 0 depth 1")
        say("bestmove " + first_legal(position))
    elif words[0] == "quit":
        break
