#!/usr/bin/env python3
"""The README's strength table from bench/family_strength.sh's results: for each game, the
engine's score (wins-draws-losses) against each opponent of the gauntlet, and the
milliseconds a move each agent took on average (the engine stops early when its move is
clear; alphabeta's fixed depth costs what the game's tree costs).

    python3 bench/family_table.py [MOVE_TIME]     (default 100ms)
"""
import json
import pathlib
import sys


def main() -> int:
    time = sys.argv[1] if len(sys.argv) > 1 else "100ms"
    root = pathlib.Path(__file__).resolve().parent.parent / "docs" / "results" / "family"
    engine = f"engine:time={time}"
    opponents = ["alphabeta:depth=8", "mcts:iterations=10000"]
    print(f"| game | {engine} vs " + " | vs ".join(opponents) + " | ms a move: engine, alphabeta, mcts |")
    print("|---|" + "---|" * (len(opponents) + 1))
    for results in sorted(root.glob(f"*-engine-{time}/results.json")):
        data = json.loads(results.read_text(encoding="utf-8"))
        game = data["config"]["rules"].split("(")[0]
        cells = []
        for opponent in opponents:
            pair = next((p for p in data["pairwise"] if p["agent"] == engine and p["opponent"] == opponent), None)
            cells.append("" if pair is None else
                         f"{100 * pair['score_rate']:.1f}% ({pair['wins']}-{pair['draws']}-{pair['losses']})")
        ms = {s["agent"]: s["ms_per_move"] for s in data["standings"]}
        times = ", ".join(f"{ms[a]:.0f}" if a in ms else "" for a in [engine] + opponents)
        print(f"| {game} | " + " | ".join(cells) + f" | {times} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
