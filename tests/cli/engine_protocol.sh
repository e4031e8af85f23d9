#!/usr/bin/env bash
# End-to-end over the engine protocol: `mancala engine` answers a scripted host and, as an
# external agent, plays the same arena games as the agent it serves; a tournament
# with the example Python engine and engines that crash, hang or send garbage ends with the
# right forfeits and logs; the terminal game takes an external engine; a program that cannot
# run is refused with exit code 2.
#   engine_protocol.sh MANCALA SOURCE_DIR
set -uo pipefail
mancala=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }
fake="python3 $src/tests/protocol/fake_engine.py"

# A scripted session: the answers come in order, the end of the input waits for the move.
# The engine's own databases are kept small here (db-size=1): a sanitizer build makes them slow.
out=$(printf 'mep\nisready\nrules kalah 6 4\nisready\nposition start\ngo movetime 200\n' |
  "$mancala" engine --agent engine:depth=8,db-size=1) || fail "engine: exit code $?"
[[ $out == *"id name mancala engine:db-size=1,depth=8"*"mepok"*"readyok"*"readyok"*"bestmove B"* ]] ||
  fail "engine session: '$out'"
"$mancala" engine --agent nonsense </dev/null 2>"$work/err" && fail "engine: a bad agent was accepted"
grep -q "unknown agent 'nonsense'" "$work/err" || fail "engine: $(cat "$work/err")"

# The arena with `mancala engine` as an external agent plays exactly the games of the agent itself.
for way in inside outside; do
  a=alphabeta:depth=2 b=engine:depth=5,db-size=1
  [[ $way == outside ]] && a="cmd:$mancala engine --agent $a" && b="cmd:$mancala engine --agent $b"
  "$mancala" arena --pits 5 --seeds 3 --games 4 --openings-plies 2 --seed 3 --jobs 2 --quiet --agents "$a" "$b" \
    --out "$work/$way" --engine-logs "$work/logs" >/dev/null || fail "arena $way: exit code $?"
  python3 -c 'import csv, sys; [print(r["moves"], r["south_margin"]) for r in csv.DictReader(open(sys.argv[1]))]' \
    "$work/$way/games.csv" >"$work/$way.moves"
done
cmp -s "$work/inside.moves" "$work/outside.moves" || fail "arena: the games through the protocol differ"
[[ $(wc -l <"$work/inside.moves") -eq 4 ]] || fail "arena: expected 4 games"

# A tournament in which three engines misbehave: it ends, each forfeits with its reason, the others do not.
start=$(date +%s)
"$mancala" arena --pits 4 --seeds 3 --games 2 --jobs 2 --quiet --move-time-limit 1s \
  --agents "cmd:python3 $src/examples/engine.py" greedy "cmd:$fake crash 3" "cmd:$fake sleep 2" \
  "cmd:$fake garbage 2" --out "$work/t" --engine-logs "$work/logs" >"$work/table" || fail "arena: exit code $?"
took=$(($(date +%s) - start))
((took < 60)) || fail "arena: took ${took}s"
games=$work/t/games.csv
[[ $(wc -l <"$games") -eq 21 ]] || fail "arena: expected 20 games, got $(($(wc -l <"$games") - 1))"
grep -q "closed its output before its move (it exited with code 3)" "$games" || fail "arena: no crash reason"
grep -q "did not send its move in time" "$games" || fail "arena: no timeout reason"
grep -q "sent binary data" "$games" || fail "arena: no garbage reason"
for agent in "crash 3" "sleep 2" "garbage 2"; do
  line=$(grep "fake_engine.py $agent" "$work/t/results.csv")
  [[ $line == *",8,"* ]] || fail "arena: '$agent' should forfeit all 8 games: $line"
done
example=$(grep "examples/engine.py" "$work/t/results.csv")
[[ -n $example ]] || fail "arena: the example engine is not in the results"
ls "$work/logs"/python3-engine.py-*.log >/dev/null 2>&1 || fail "arena: no log of the example engine: $(ls "$work/logs")"
pgrep -f "fake_engine.py" >/dev/null && fail "arena: a fake engine outlived the tournament"

# The terminal game with an external engine on one side.
out=$("$mancala" play --pits 4 --seeds 3 --south "cmd:python3 $src/examples/engine.py" --north greedy \
  --engine-logs "$work/logs" </dev/null 2>&1) || fail "play: exit code $?"
[[ $out == *"Game over after"* ]] || fail "play: '$out'"

# A program that cannot run is a usage error naming it.
"$mancala" arena --pits 4 --seeds 3 --agents "cmd:/no/such/engine" greedy --out "$work/bad" 2>"$work/err"
[[ $? -eq 2 ]] || fail "arena: a missing program should exit 2"
grep -q "no program '/no/such/engine'" "$work/err" || fail "arena: $(cat "$work/err")"

exit $failed
