#!/usr/bin/env python3
"""What a call into the Python module costs, from Python.

    PYTHONPATH=build/python python3 bench/python_calls.py [--repeats 7] [--games 2000]

Per call (timeit, the best and worst of several repeats, each of many calls): apply,
legal_moves, and for scale a property read (the floor of any call into the module), child
(a copy and a move), observation (a NumPy array) and a pure-Python tuple index. Then whole
games of random moves chosen in Python (random.choice over legal_moves, apply until
is_over), in games per second, on Kalah(6,4); Env episodes against the random agent; and the
batched entry points: playouts() games per second, and VectorEnv steps per second on 1,024 boards.

OpenSpiel's Kalah could not be measured beside it: OpenSpiel is not packaged by Debian
(`apt-cache search open-spiel` and `openspiel` find nothing) and no other package registry
is reachable from this project's machines.
"""

import argparse
import platform
import random
import sys
import time
import timeit

import mancala


def per_call(statement, setup_globals, number, repeats):
    """Nanoseconds per call: (best, worst) of `repeats` runs of `number` calls each."""
    times = timeit.repeat(statement, globals=setup_globals, number=number, repeat=repeats)
    return min(times) / number * 1e9, max(times) / number * 1e9


def apply_per_call(number, repeats):
    """apply() mutates its position: each timed call plays B4 on a fresh copy made beforehand,
    and the loop's own cost (the same loop with a no-op call) is not subtracted."""
    start = mancala.Position.start()
    results = []
    for _ in range(repeats):
        copies = [start.copy() for _ in range(number)]
        began = time.perf_counter()
        for q in copies:
            q.apply(2)
        results.append(time.perf_counter() - began)
    return min(results) / number * 1e9, max(results) / number * 1e9


def random_games(games, rules):
    rng = random.Random(1)
    choice = rng.choice
    began = time.perf_counter()
    plies = 0
    for _ in range(games):
        p = rules.start()
        while not p.is_over():
            p.apply(choice(p.legal_moves()))
            plies += 1
    seconds = time.perf_counter() - began
    return games / seconds, plies / games


def env_episodes(episodes, rules):
    env = mancala.Env(rules, opponent="random", seed=1)
    rng = random.Random(2)
    began = time.perf_counter()
    for _ in range(episodes):
        _, info = env.reset()
        done = info["position"].is_over()
        while not done:
            _, _, done, _, info = env.step(rng.choice(env.legal_actions()))
    return episodes / (time.perf_counter() - began)


def batched_playouts(games, rules):
    """Random games played whole in C++ by one call (mancala.playouts), in games per second."""
    began = time.perf_counter()
    mancala.playouts(rules, games, seed=1)
    return games / (time.perf_counter() - began)


def vector_steps(boards, steps, rules):
    """VectorEnv steps against 'random', each board's action a random legal one chosen with
    NumPy, in board-steps per second (the choice included, as a learner would pay it)."""
    import numpy as np

    env = mancala.VectorEnv(rules, boards, seed=1)
    _, info = env.reset()
    rng = np.random.default_rng(3)
    began = time.perf_counter()
    for _ in range(steps):
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, _, _, info = env.step(actions)
    return boards * steps / (time.perf_counter() - began)


def spread(values, unit, digits=0):
    low, high = min(values), max(values)
    return f"{low:.{digits}f}-{high:.{digits}f} {unit}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timeit repeats (the range is over them)")
    parser.add_argument("--number", type=int, default=200_000, help="calls per repeat")
    parser.add_argument("--games", type=int, default=2000, help="random games per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of the games per second")
    args = parser.parse_args()

    print(f"python {platform.python_version()}, module {mancala.__file__}")
    try:
        import numpy  # noqa: F401  (observation() and Env need it)
        have_numpy = True
    except ImportError:
        have_numpy = False
        print("(no NumPy for this python3: observation() and Env are not measured)")
    rules = mancala.Rules("kalah", pits=6, seeds=4)
    p = rules.start()
    p.apply(2)  # B4: an extra turn, so south is to move with a mixed row
    names = {"p": p, "t": (4, 4, 0, 5, 5, 5)}
    rows = [
        ("apply (B4 on a fresh copy)", apply_per_call(args.number, args.repeats)),
        ("legal_moves()", per_call("p.legal_moves()", names, args.number, args.repeats)),
        ("property read (p.pits)", per_call("p.pits", names, args.number, args.repeats)),
        ("child(0) (copy + move)", per_call("p.child(0)", names, args.number, args.repeats)),
        ("pure Python t[2]", per_call("t[2]", names, args.number, args.repeats)),
    ]
    if have_numpy:
        rows.insert(4, ("observation() (NumPy)", per_call("p.observation()", names, args.number, args.repeats)))
    print(f"per call, best-worst of {args.repeats} repeats of {args.number} calls:")
    for name, (best, worst) in rows:
        print(f"  {name:<28} {best:7.0f}-{worst:.0f} ns")

    games = [random_games(args.games, rules) for _ in range(args.rounds)]
    print(f"random playouts on Kalah(6,4) from Python, {args.rounds} rounds of {args.games} games: "
          f"{spread([g for g, _ in games], 'games/s')} ({games[0][1]:.1f} plies a game)")
    if have_numpy:
        episodes = [env_episodes(args.games // 2, rules) for _ in range(args.rounds)]
        print(f"Env episodes against 'random' on Kalah(6,4), {args.rounds} rounds of {args.games // 2}: "
              f"{spread(episodes, 'episodes/s')}")
        batched = [batched_playouts(100 * args.games, rules) for _ in range(args.rounds)]
        print(f"mancala.playouts on Kalah(6,4), {args.rounds} rounds of {100 * args.games} games: "
              f"{spread(batched, 'games/s')} (goal: 100,000)")
        steps = [vector_steps(1024, 1000, rules) for _ in range(args.rounds)]
        print(f"VectorEnv of 1,024 boards against 'random', {args.rounds} rounds of 1,000 steps: "
              f"{spread(steps, 'env steps/s')} (goal: 1,000,000)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
