#!/usr/bin/env python3
"""Measures the engine's and the solver's speed goals in one sitting.

This machine's speed varies by up to two times from one sitting to the next,
so a goal is judged by the median of several runs taken in the same hour, and
the runs are interleaved (one of each measurement per round) so that a drift of
the machine touches every figure alike. Prints a Markdown table: each goal, its
runs' minimum, median and maximum, and whether the median meets it; first, with
no goal, the processor the virtual machine reports (the host under it changes
between sittings) and the machine's own figures of the sitting (perft, a read at a
time over 4 and 16 MiB, additions in one chain and in four), when
build/bench/mancala_bench is there.

Usage: scripts/speed_goals.py [--runs N] [--long] [--binary PATH] [--record FILE]
  --runs N       rounds (default 3)
  --long         also the 24-stone database build (about 15-30 s a run) and one
                 solve of Kalah(6,5) on two threads (about 2-5 minutes)
  --record FILE  also add the sitting to FILE, one JSON object a line (its commit,
                 time, every run of every figure): the history of the machine's
                 sittings, fast and slow (docs/results/speed/sittings.jsonl)
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_LIMIT_SECONDS = 1800  # one run; Kalah(6,5) takes 2-5 minutes here


class Measurement:
    """One command, run once a round, and the figures read from each run."""

    def __init__(self, command, figures, long_only=False, rounds=None):
        self.command = command
        self.figures = figures  # Figure objects, each reading its value from (output, seconds)
        self.long_only = long_only
        self.rounds = rounds  # at most this many runs (None: one every round)


class Figure:
    """A number a run gives, and the goal it must reach (None: context only)."""

    def __init__(self, name, read, unit, target=None, higher_is_better=True):
        self.name = name
        self.read = read
        self.unit = unit
        self.target = target
        self.higher_is_better = higher_is_better
        self.values = []

    def met(self, value):
        return value >= self.target if self.higher_is_better else value < self.target


def match(pattern, out):
    """The match of `pattern` in a run's output; a clear stop if the output has changed."""
    found = re.search(pattern, out, re.M)
    if not found:
        sys.exit(f"speed_goals: no /{pattern}/ in the output:\n{out}")
    return found


def number(pattern, out):
    """The number `pattern` captures in a run's output."""
    return float(match(pattern, out).group(1))


def wall_seconds(out, seconds):
    return seconds


def bench_rate(out, _):
    return number(r"^nodes/s: (\d+)", out) / 1e6


def start_line_rate(out, _):
    return number(r"start to depth \d+: [\d.]+ s, \d+ nodes, (\d+) nodes/s", out) / 1e6


def database_rate(out, _):
    return number(r"([\d.]+) million positions/s", out)


def bench_counter(name, counter, unit_scale):
    """A counter of one Google Benchmark line (`name ... counter=12.3ns` or `=26.7M/s`),
    divided by `unit_scale` (1e6: in millions)."""
    prefixes = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9}

    def read(out, _):
        found = match(rf"^{re.escape(name)}\s.*\b{counter}=([\d.]+)([kMG]?)", out)
        return float(found.group(1)) * prefixes[found.group(2)] / unit_scale
    return read


def measurements(binary):
    m = str(binary)
    # The machine itself, beside the goals: a read at a time over 4 and 16 MiB (served by
    # the shared cache or by memory: how much of the cache this sitting leaves us), perft,
    # whose work stays in a core's own caches, and additions in one chain (the clock) and
    # in four (how much of the core's units this sitting leaves us: bench/core_clock_bench.cpp).
    # Context for the figures, no goal.
    micro = binary.parent / "bench" / "mancala_bench"
    machine = []
    if micro.is_file():
        machine.append(Measurement(
            [str(micro), "--benchmark_filter=^(BM_Perft/8|ReadLatency/4096|ReadLatency/16384|DependentAdds|"
                         "IndependentAdds)$"],
            [Figure("machine: perft", bench_counter("BM_Perft/8", "items_per_second", 1e6), "M leaves/s"),
             Figure("machine: dependent additions (the clock)", bench_counter("DependentAdds", "adds_per_second", 1e9),
                    "G/s"),
             Figure("machine: four chains of additions (the core's share)",
                    bench_counter("IndependentAdds", "adds_per_second", 1e9), "G/s"),
             Figure("machine: a read at a time over 4 MiB", bench_counter("ReadLatency/4096", "ns_per_read", 1), "ns",
                    higher_is_better=False),
             Figure("machine: a read at a time over 16 MiB", bench_counter("ReadLatency/16384", "ns_per_read", 1),
                    "ns", higher_is_better=False)]))

    def solve(name, pits, seeds, rules, threads, target, **kw):
        command = [m, "solve", "--rules", rules, "--pits", str(pits), "--seeds", str(seeds), "--threads", str(threads)]
        return Measurement(command, [Figure(name, wall_seconds, "s", target, higher_is_better=False)], **kw)

    return machine + [
        Measurement([m, "bench", "--start-depth", "24"],
                    [Figure("bench, one thread", bench_rate, "M nodes/s", 20),
                     Figure("Kalah(6,4) to depth 24", start_line_rate, "M nodes/s")]),
        Measurement([m, "bench", "--start-depth", "18"],
                    [Figure("Kalah(6,4) to depth 18", start_line_rate, "M nodes/s")]),
        Measurement([m, "bench", "--db-stones", "18"],
                    [Figure("database to 18 stones, two threads", database_rate, "M positions/s", 40)]),
        Measurement([m, "bench", "--db-stones", "24"],
                    [Figure("database to 24 stones, two threads", database_rate, "M positions/s", 25)],
                    long_only=True),
        solve("Kalah(5,5) from nothing, two threads", 5, 5, "kalah", 2, 2),
        solve("empty capture (5,5) from nothing, two threads", 5, 5, "homework", 2, 2),
        solve("Kalah(6,4), one thread", 6, 4, "kalah", 1, 10),
        solve("empty capture (6,4), one thread", 6, 4, "homework", 1, 10),
        solve("Kalah(6,4), two threads", 6, 4, "kalah", 2, 6),
        solve("empty capture (6,4), two threads", 6, 4, "homework", 2, 6),
        solve("Kalah(6,5), two threads", 6, 5, "kalah", 2, 300, long_only=True, rounds=1),
    ]


def run_once(measurement):
    started = time.perf_counter()
    try:
        done = subprocess.run(measurement.command, capture_output=True, text=True, timeout=RUN_LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        sys.exit(f"speed_goals: `{' '.join(measurement.command)}` ran past {RUN_LIMIT_SECONDS} s")
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"speed_goals: `{' '.join(measurement.command)}` failed ({done.returncode}): {done.stderr.strip()}")
    for f in measurement.figures:
        f.values.append(f.read(done.stdout + done.stderr, seconds))


def processor(cpuinfo=Path("/proc/cpuinfo"), cache_dir=Path("/sys/devices/system/cpu/cpu0/cache")):
    """What the virtual machine says its processor is: the host under it changes from one
    sitting to the next (its clock, its caches), and the figures with it. Linux only; a
    field it cannot read is left out."""
    found = {}
    try:
        for line in Path(cpuinfo).read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("model name", "cpu family", "model", "stepping") and key not in found:
                found[key] = value.strip()
            elif not line.strip() and found:
                break  # the first processor's block is enough
    except OSError:
        pass
    caches = {}
    for index in sorted(Path(cache_dir).glob("index*")):
        try:
            kind = (index / "type").read_text().strip()
            name = f"L{(index / 'level').read_text().strip()}" + {"Data": "d", "Instruction": "i"}.get(kind, "")
            caches[name] = (index / "size").read_text().strip()
        except OSError:
            continue
    if caches:
        found["caches"] = caches
    return found


def record(path, commit, now, args, figures, ratios, machine=None):
    """Adds one line for this sitting to `path`, written whole to a temporary file and renamed
    over it, so that an interrupted run leaves the file as it was."""
    entry = {
        "commit": commit,
        "time": now,
        "rounds": args.runs,
        "long": args.long,
        "figures": [{"name": f.name, "unit": f.unit, "goal": f.target,
                     "higher_is_better": f.higher_is_better, "values": [round(v, 3) for v in f.values]}
                    for f in figures],
        "depth_24_over_18": [round(r, 3) for r in ratios],
    }
    if machine:
        entry["processor"] = machine
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = path.read_text() if path.exists() else ""
    if old and not old.endswith("\n"):
        old += "\n"
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(old + json.dumps(entry) + "\n")
    os.replace(temporary, path)


def figure(value, unit):
    return f"{value:.2f}" if unit == "s" else f"{value:.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds of every measurement (default 3)")
    parser.add_argument("--long", action="store_true", help="also the 24-stone database and Kalah(6,5)")
    parser.add_argument("--binary", default=str(ROOT / "build" / "mancala"), help="the mancala to measure")
    parser.add_argument("--record", metavar="FILE",
                        help="also add the sitting to FILE, a JSON object a line (docs/results/speed/sittings.jsonl)")
    args = parser.parse_args()
    if args.runs < 1 or args.runs > 50:
        parser.error("--runs must be 1 to 50")
    binary = Path(args.binary)
    if not binary.is_file():
        sys.exit(f"speed_goals: no {binary}: build it first (cmake --build --preset release)")

    chosen = [x for x in measurements(binary) if args.long or not x.long_only]
    for r in range(args.runs):
        for x in chosen:
            if x.rounds is not None and r >= x.rounds:
                continue
            run_once(x)
            for f in x.figures:
                print(f"round {r + 1}/{args.runs}: {f.name}: {figure(f.values[-1], f.unit)} {f.unit}",
                      file=sys.stderr, flush=True)

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = processor()
    print(f"Speed goals at {commit}, {now}, {args.runs} interleaved rounds (scripts/speed_goals.py"
          f"{' --long' if args.long else ''} --runs {args.runs})\n")
    if machine:
        caches = ", ".join(f"{k} {v}" for k, v in machine.get("caches", {}).items())
        print(f"Processor: {machine.get('model name', '?')}, family {machine.get('cpu family', '?')} model "
              f"{machine.get('model', '?')} stepping {machine.get('stepping', '?')}; caches {caches or '?'}\n")
    print("| figure | runs | min | median | max | goal | median meets it |")
    print("|---|---|---|---|---|---|---|")
    figures = [f for x in chosen for f in x.figures]
    for f in figures:
        median = statistics.median(f.values)
        goal, verdict = "", ""
        if f.target is not None:
            goal = f"{'>=' if f.higher_is_better else '<'} {f.target} {f.unit}"
            verdict = "yes" if f.met(median) else "no"
        print(f"| {f.name} ({f.unit}) | {len(f.values)} | {figure(min(f.values), f.unit)} | "
              f"{figure(median, f.unit)} | {figure(max(f.values), f.unit)} | {goal} | {verdict} |")
    # The rate at depth 24 within 25% of the rate at depth 18, round by round.
    by_name = {f.name: f for f in figures}
    deep, shallow = by_name["Kalah(6,4) to depth 24"].values, by_name["Kalah(6,4) to depth 18"].values
    ratios = [d / s for d, s in zip(deep, shallow)]
    median = statistics.median(ratios)
    print(f"| depth 24's rate over depth 18's, round by round | {len(ratios)} | {min(ratios):.2f} | {median:.2f} | "
          f"{max(ratios):.2f} | >= 0.75 | {'yes' if median >= 0.75 else 'no'} |")
    if args.record:
        record(args.record, commit, now, args, figures, ratios, machine)


if __name__ == "__main__":
    main()
