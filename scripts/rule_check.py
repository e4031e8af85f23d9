#!/usr/bin/env python3
# Independent brute force (no code shared with the C++ solver) of small Kalah
# boards under two end rules and two capture rules, to compare with
# `mancala solve --rules kalah|homework --pits N --seeds S`. Two end rules:
#  "either": after every move, if either row is empty the game ends, each side keeps its own row (this project's rule)
#  "mover":  the game ends only when the player to move has no stones; the opponent keeps its row
#            (the end rule described for the 2000 Kalah paper)
# and two capture rules: only when the opposite pit holds stones (kalah), or
# always (homework: the last stone plus the possibly empty opposite pit).
import sys
from functools import lru_cache
sys.setrecursionlimit(100000)

def solve(n, seeds, rule, always=False):
    @lru_cache(maxsize=None)
    def value(me, opp):  # pits of the side to move, then the opponent; returns what the mover still gains
        if sum(me) == 0:
            return -sum(opp)
        best = None
        for i in range(n):
            if me[i] == 0:
                continue
            a, b = list(me), list(opp)
            s = a[i]; a[i] = 0; pos = i; gain = 0
            # cells 0..n-1 my pits, n my store, n+1..2n opponent pits (opp index 0..n-1), skip opp store
            while s:
                pos = (pos + 1) % (2 * n + 1)
                if pos < n: a[pos] += 1
                elif pos == n: gain += 1
                else: b[pos - n - 1] += 1
                s -= 1
            extra = pos == n
            if pos < n and a[pos] == 1 and (always or b[n - 1 - pos] > 0):
                gain += 1 + b[n - 1 - pos]; a[pos] = 0; b[n - 1 - pos] = 0
            if rule == "either" and (sum(a) == 0 or sum(b) == 0):
                v = gain + sum(a) - sum(b)
            elif extra:
                v = gain + value(tuple(a), tuple(b))
            else:
                v = gain - value(tuple(b), tuple(a))
            best = v if best is None or v > best else best
        return best
    start = tuple([seeds] * n)
    return value(start, start)

for n, s in [(3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (3, 4), (4, 3)]:
    print(n, s, "kalah/either", solve(n, s, "either"), "kalah/mover", solve(n, s, "mover"),
          "always/either", solve(n, s, "either", True), "always/mover", solve(n, s, "mover", True), flush=True)
