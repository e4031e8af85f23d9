#!/usr/bin/env bash
# The engine protocol's overhead (docs/PERFORMANCE.md, "The engine protocol"): the same fixed-depth
# games played by agents in process and by the same agents as external engines
# (`cmd:mancala engine --agent SPEC`), one game at a time. The games are identical (the
# fixed depth makes them so; the script checks), so the difference in wall time is the
# protocol's: per move, and per game (two programs started and greeted).
# Then the round trip of one move alone, with the engine started: `position` and `go` to
# `bestmove` for a random agent (no search), and the start and greeting of one engine.
# Usage: bench/protocol_overhead.sh [build/mancala] [runs] [games]
set -euo pipefail
mancala=$(realpath "${1:-build/mancala}")
runs=${2:-5}
games=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
south="alphabeta:depth=3"
north="engine:depth=6,hash=1"
external() { echo "cmd:$mancala engine --agent $1"; }

run() {  # label, south, north -> wall seconds of one tournament
  local out="$work/$1" start end
  rm -rf "$out"
  start=$(date +%s%N)
  "$mancala" arena --pits 6 --seeds 4 --games "$games" --openings-plies 2 --seed 7 --jobs 1 --quiet \
    --agents "$2" "$3" --gauntlet --out "$out" --engine-logs "$work/logs" >/dev/null
  end=$(date +%s%N)
  echo $(( (end - start) / 1000 ))  # microseconds
}

declare -a inproc protocol
for ((i = 0; i < runs; i++)); do
  inproc+=("$(run inproc "$south" "$north")")
  protocol+=("$(run protocol "$(external "$south")" "$(external "$north")")")
done
# Same games both ways: the move lists must agree.
column() { python3 -c 'import csv, sys; [print(r[sys.argv[2]]) for r in csv.DictReader(open(sys.argv[1]))]' "$@"; }
column "$work/inproc/games.csv" moves >"$work/a"
column "$work/protocol/games.csv" moves >"$work/b"
cmp -s "$work/a" "$work/b" || { echo "the games differ through the protocol" >&2; exit 1; }
moves=$(column "$work/inproc/games.csv" plies | awk '{n += $1} END {print n}')
printf '%d games, %d moves (%s vs %s, Kalah(6,4), 2-ply openings), %d runs each\n' "$games" "$moves" "$south" "$north" "$runs"
for ((i = 0; i < runs; i++)); do
  awk -v a="${inproc[i]}" -v b="${protocol[i]}" -v m="$moves" -v g="$games" 'BEGIN {
    printf "  in process %7.1f ms   through the protocol %7.1f ms   difference %6.1f us a move (%.2f ms a game)\n",
      a / 1000, b / 1000, (b - a) / m, (b - a) / 1000 / g }'
done

python3 - "$mancala" "$runs" <<'PY'
import subprocess, sys, time
mancala, runs = sys.argv[1], int(sys.argv[2])
position = "4,4,4,4,4,4/4,4,4,4,4,4/0/0/S"
for _ in range(runs):
    start = time.perf_counter()
    for _ in range(20):
        subprocess.run([mancala, "engine", "--agent", "random:seed=1"], input=b"mep\nquit\n", stdout=subprocess.DEVNULL, check=True)
    started = (time.perf_counter() - start) / 20
    engine = subprocess.Popen([mancala, "engine", "--agent", "random:seed=1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    moves = 2000
    start = time.perf_counter()
    for _ in range(moves):
        engine.stdin.write(f"position {position}\ngo movetime 1000\n")
        engine.stdin.flush()
        while not engine.stdout.readline().startswith("bestmove"):
            pass
    trip = (time.perf_counter() - start) / moves
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    print(f"  one move's round trip {trip * 1e6:6.1f} us; an engine started and greeted (mep, quit) {started * 1e3:5.1f} ms")
PY
