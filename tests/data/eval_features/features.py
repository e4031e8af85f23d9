#!/usr/bin/env python3
"""The fitters' features of positions.txt, the file the C++ evaluations are tested against.

bench/fit_cyclic_eval.py and bench/fit_ring_eval.py compute the features they fit with code
of their own; src/search/count_fitted_evaluation.hpp and ring_fitted_evaluation.hpp compute
them again for the engine. expected.txt holds the fitters' features of each position of
positions.txt ("game notation f1 f2 ..."); the unit test EvalFeatures.* reads it and checks
the C++ features position by position, and this script, run by ctest with --check, checks
that the fitters still give expected.txt. Together: the fitters and the engine agree.

    python3 tests/data/eval_features/features.py [--check]   (without it: rewrites expected.txt)
"""
import argparse
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "bench"))
import fit_cyclic_eval  # noqa: E402
import fit_ring_eval  # noqa: E402


def features_of(game, notation, where):
    if game in fit_ring_eval.GAMES:
        g = fit_ring_eval.Game(game)
        mine, theirs, _ = fit_cyclic_eval.parse(notation, where, g.clockwise)
        return fit_ring_eval.features(mine, theirs, g)
    rules = fit_cyclic_eval.Rules(game)
    mine, theirs, _ = fit_cyclic_eval.parse(notation, where)
    return fit_cyclic_eval.features(mine, theirs, rules)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with expected.txt instead of writing it")
    args = ap.parse_args()
    lines = []
    with open(os.path.join(here, "positions.txt"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            game, notation = line.split()
            values = features_of(game, notation, f"positions.txt:{number}")
            lines.append(f"{game} {notation} {' '.join(map(str, values))}\n")
    expected_path = os.path.join(here, "expected.txt")
    if not args.check:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.writelines(lines)
        print(f"wrote {len(lines)} lines to {expected_path}")
        return 0
    with open(expected_path, encoding="utf-8") as f:
        expected = f.readlines()
    if len(expected) != len(lines):
        print(f"expected.txt has {len(expected)} lines, positions.txt {len(lines)}")
        return 1
    bad = [n for n, (a, b) in enumerate(zip(expected, lines), 1) if a != b]
    for n in bad[:10]:
        print(f"expected.txt:{n}: the fitters now give '{lines[n - 1].strip()}', not '{expected[n - 1].strip()}'")
    if bad:
        return 1
    print(f"the fitters give expected.txt's features for all {len(lines)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
