#!/usr/bin/env python3
"""Plays a run of docs/results again from its command in docs/results/MANIFEST.md, with its raw
games (games.csv, journal.jsonl) this time. The run goes to a fresh folder (default
build/results/FOLDER), so the kept summaries stay as they are; the arena's journal makes an
interrupted rerun resume where it stopped.

    python3 bench/rerun_results.py docs/results/FOLDER [--binary build/mancala] [--out DIR] [--games N] [--dry-run]

Agents that think for a time, not a depth, play other games on another machine or load:
compare the new summaries with the kept ones, not game by game.
"""
import argparse
import json
import pathlib
import shlex
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import results_manifest  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=pathlib.Path, help="a run's folder under docs/results")
    parser.add_argument("--binary", default="build/mancala", help="the mancala binary (default build/mancala)")
    parser.add_argument("--out", type=pathlib.Path, help="where the run goes (default build/results/FOLDER)")
    parser.add_argument("--games", type=int, help="games a pairing instead of the run's (to try a command quickly)")
    parser.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    args = parser.parse_args()

    folder = args.folder.resolve()
    found = {f: c for f, c, _ in results_manifest.runs()}
    if folder not in found:
        known = ", ".join(f.relative_to(results_manifest.RESULTS).as_posix() for f in sorted(found))
        print(f"rerun_results: {args.folder} is not a run of docs/results/MANIFEST.md (runs: {known})", file=sys.stderr)
        return 2
    name = folder.relative_to(results_manifest.RESULTS)
    out = args.out or results_manifest.ROOT / "build" / "results" / name
    words = shlex.split(found[folder])
    words[0] = args.binary
    words[words.index("--out") + 1] = str(out)
    if args.games is not None:
        if args.games < 1:
            parser.error(f"--games must be at least 1, got {args.games}")
        if "--games" in words:
            words[words.index("--games") + 1] = str(args.games)
        else:
            words += ["--games", str(args.games)]
    if "BOOK" in words:
        config = json.loads((folder / "results.json").read_text(encoding="utf-8"))["config"]
        book = out / "book.txt"
        if not args.dry_run:
            out.mkdir(parents=True, exist_ok=True)
            book.write_text("".join(line + "\n" for line in config["book"]), encoding="utf-8")
        words[words.index("BOOK")] = str(book)
    if args.dry_run:
        print(shlex.join(words))
        return 0
    out.mkdir(parents=True, exist_ok=True)
    print(f"rerun_results: {shlex.join(words)}", file=sys.stderr)
    return subprocess.call(words, cwd=results_manifest.ROOT)


if __name__ == "__main__":
    sys.exit(main())
