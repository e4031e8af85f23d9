#!/usr/bin/env python3
"""Checks a proof journal's tree on its own, with rules written again here (no code shared
with the C++ engine): from the position asked, every "split" answer must follow from the
answers of its children by the rules of the game (a node where the first player moves holds
when the child its move names holds; one where the second player moves, when every child
holds; the other way round for a bound refuted, which proves the margin below it), down to
the "search" answers, which are the leaves taken on trust, and to finished games, whose
margin is counted here.

    proofs/check_journal.py proofs/kalah-6-6.journal --at-least 2
    proofs/check_journal.py proofs/homework-6-6.journal --at-least 2 --position "6,6,6,6,6,6/6,6,6,6,6,6/0/0/S"
    proofs/check_journal.py proofs/kalah-6-6.journal --at-most 20

Prints the leaves the proof rests on (each search's position, nodes and seconds) and their
totals; exits 1 if the journal does not prove the bound, 2 on a malformed journal.

Positions are written as the journal writes them: "rowA/rowB/storeA/storeB/S|N", the
first player (South, B) moving its row from the first pit listed toward its store, the
second player (North, A) its row from the last pit listed toward its store.
"""
import argparse
import json
import sys


class Game:
    def __init__(self, rules, pits):
        if rules not in ("kalah", "homework"):
            raise ValueError(f"rules {rules!r}: this checker knows kalah and homework")
        self.always_capture = rules == "homework"
        self.pits = pits

    def parse(self, text):
        try:
            row_a, row_b, store_a, store_b, side = text.split("/")
            a = [int(x) for x in row_a.split(",")]
            b = [int(x) for x in row_b.split(",")]
            if len(a) != self.pits or len(b) != self.pits or side not in ("S", "N"):
                raise ValueError
            return (tuple(a), tuple(b), int(store_a), int(store_b), side)
        except ValueError:
            raise ValueError(f"not a position of {self.pits} pits a side: {text!r}") from None

    @staticmethod
    def write(position):
        a, b, store_a, store_b, side = position
        return f"{','.join(map(str, a))}/{','.join(map(str, b))}/{store_a}/{store_b}/{side}"

    def over(self, position):
        a, b = position[0], position[1]
        return sum(a) == 0 or sum(b) == 0

    @staticmethod
    def south_margin(position):
        return position[3] - position[2]

    def play(self, position, pit):
        """The position after the mover sows its pit `pit` (0: the first of its sowing order)."""
        a, b, store_a, store_b, side = position
        n = self.pits
        # The mover's and the opponent's pits in sowing order.
        if side == "S":
            me, opp, my_store, opp_store = list(b), list(reversed(a)), store_b, store_a
        else:
            me, opp, my_store, opp_store = list(reversed(a)), list(b), store_a, store_b
        stones, me[pit] = me[pit], 0
        if stones == 0:
            raise ValueError("an empty pit is not a move")
        cell = pit  # 0..n-1 my pits, n my store, n+1..2n the opponent's pits; its store is skipped
        while stones:
            cell = (cell + 1) % (2 * n + 1)
            if cell < n:
                me[cell] += 1
            elif cell == n:
                my_store += 1
            else:
                opp[cell - n - 1] += 1
            stones -= 1
        opposite = n - 1 - cell
        if cell < n and me[cell] == 1 and (self.always_capture or opp[opposite] > 0):
            my_store += 1 + opp[opposite]
            me[cell] = opp[opposite] = 0
        next_side = side if cell == n else ("N" if side == "S" else "S")
        if sum(me) == 0 or sum(opp) == 0:  # the game ends: each side keeps its own row
            my_store += sum(me)
            opp_store += sum(opp)
            me, opp = [0] * n, [0] * n
        if side == "S":
            return (tuple(reversed(opp)), tuple(me), opp_store, my_store, next_side)
        return (tuple(reversed(me)), tuple(opp), my_store, opp_store, next_side)

    def moves(self, position):
        a, b, _, _, side = position
        row = b if side == "S" else tuple(reversed(a))
        return [pit for pit in range(self.pits) if row[pit] > 0]


def read_journal(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        raise ValueError(f"{path}: empty")
    header = json.loads(lines[0])
    if header.get("journal") != "mancala proof pieces":
        raise ValueError(f"{path} line 1: not a proof journal")
    entries = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            e = json.loads(line)
            if e["how"] not in ("search", "split"):
                raise ValueError(f"how {e['how']!r}")
            entries.setdefault(e["position"], []).append(e)
        except (ValueError, KeyError) as error:
            raise ValueError(f"{path} line {number}: {error}") from None
    return header, entries


class Checker:
    def __init__(self, game, entries):
        self.game = game
        self.entries = entries
        self.leaves = {}  # position -> the search answer the proof rests on there

    def answer(self, text, at_least):
        """The journal's answer that settles "at least `at_least`" at this position, if any."""
        for e in self.entries.get(text, []):
            if e["holds"] and e["at_least"] >= at_least:
                return e
            if not e["holds"] and e["at_least"] <= at_least:
                return e
        return None

    def proves(self, position, at_least, holding, line):
        """Whether the journal proves "at least `at_least`" holds (`holding`) or is refuted (not
        `holding`) from `position`: a split answer follows from the child its move names where the
        side that wants it moves (South for a bound that holds, North for one refuted), and from
        every child where the other side does."""
        if self.game.over(position):
            return (self.game.south_margin(position) >= at_least) == holding
        text = self.game.write(position)
        e = self.answer(text, at_least)
        if e is None:
            raise Unproven(f"after {' '.join(line) or 'the root'} ({text}): no answer in the journal")
        if e["holds"] != holding:
            return False
        if e["how"] == "search":
            self.leaves.setdefault(text, (line, e))
            return True
        children = {pit: self.game.play(position, pit) for pit in self.game.moves(position)}
        if position[4] == ("S" if holding else "N"):
            pit = e.get("move", -1)
            if pit not in children:
                raise Unproven(f"after {' '.join(line) or 'the root'}: the split answer names no legal move ({pit})")
            return self.proves(children[pit], at_least, holding, line + [self.name(position, pit)])
        return all(self.proves(child, at_least, holding, line + [self.name(position, pit)])
                   for pit, child in children.items())

    def name(self, position, pit):
        # B2..B(n+1) for South in sowing order; A(n+1)..A2 for North in its sowing order.
        if position[4] == "S":
            return f"B{pit + 2}"
        return f"A{self.game.pits + 1 - pit}"


class Unproven(Exception):
    pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("journal")
    bound = parser.add_mutually_exclusive_group(required=True)
    bound.add_argument("--at-least", type=int, help="the first player's margin to check: at least V")
    bound.add_argument("--at-most", type=int, help="or: at most V (the journal refutes at least V + 1)")
    parser.add_argument("--position", help="the root (default: the start of the journal's game)")
    args = parser.parse_args()
    try:
        header, entries = read_journal(args.journal)
        game = Game(header["rules"], header["pits"])
        seeds = header["seeds"]
        root = game.parse(args.position or "/".join([",".join([str(seeds)] * game.pits)] * 2) + "/0/0/S")
    except (ValueError, KeyError, OSError) as error:
        print(f"check_journal: {error}", file=sys.stderr)
        return 2
    checker = Checker(game, entries)
    upper = args.at_most is not None
    claim = f"at most {args.at_most:+d}" if upper else f"at least {args.at_least:+d}"
    try:
        # At most V is at least V + 1 refuted.
        proven = checker.proves(root, args.at_most + 1 if upper else args.at_least, not upper, [])
    except Unproven as error:
        print(f"not proven: {error}")
        return 1
    if not proven:
        print(f"not proven: the journal says the first player's margin is not {claim}")
        return 1
    nodes = sum(e["nodes"] for _, e in checker.leaves.values())
    seconds = sum(e["seconds"] for _, e in checker.leaves.values())
    for text, (line, e) in checker.leaves.items():
        print(f"  {' '.join(line) or 'the root':<24} {text:<32} {e['nodes']:>14,} nodes {e['seconds']:>9.1f} s")
    print(f"proven: {header['rules']}({game.pits},{seeds}) from {game.write(root)}, the first player's margin "
          f"{claim}; it rests on {len(checker.leaves)} searches, "
          f"{nodes:,} nodes, {seconds:,.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
