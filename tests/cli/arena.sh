#!/usr/bin/env bash
# End-to-end: a small tournament writes its files, resumes from its journal
# without replaying, and bad input gives exit code 2 with one clear line.
set -uo pipefail
mancala=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }

small=(--pits 4 --seeds 3 --games 4 --openings-plies 2 --jobs 2)

# A round-robin writes every file, and its table names every agent.
out=$("$mancala" arena "${small[@]}" --quiet --agents random greedy alphabeta:depth=2 --out "$work/rr") ||
  fail "round-robin: exit code $?"
for f in results.csv results.json games.csv ratings.svg journal.jsonl; do
  [[ -s $work/rr/$f ]] || fail "round-robin: $f missing"
done
for word in "rank  agent" "alphabeta:depth=2" "greedy" "random" "Pairwise" "12 of 12 games played"; do
  [[ $out == *"$word"* ]] || fail "round-robin: output lacks '$word'"
done
[[ $(wc -l < "$work/rr/games.csv") -eq 13 ]] || fail "games.csv: expected 12 games"
[[ $(ls -A "$work/rr" | wc -l) -eq 5 ]] || fail "stray files: $(ls -A "$work/rr")"

# Run again: everything comes from the journal, nothing is replayed, same results.
cp "$work/rr/games.csv" "$work/games-first.csv"
err=$("$mancala" arena "${small[@]}" --agents random greedy alphabeta:depth=2 --out "$work/rr" 2>&1 >/dev/null) ||
  fail "resume: exit code $?"
[[ $err == *"12 games, 12 already in $work/rr/journal.jsonl"* ]] || fail "resume: '$err'"
cmp -s "$work/games-first.csv" "$work/rr/games.csv" || fail "resume: games.csv changed"
[[ $(wc -l < "$work/rr/journal.jsonl") -eq 13 ]] || fail "resume: games were replayed"

# A gauntlet plays only the first agent's pairings.
"$mancala" arena "${small[@]}" --quiet --gauntlet --agents greedy random alphabeta:depth=1 --out "$work/g" >/dev/null ||
  fail "gauntlet: exit code $?"
[[ $(wc -l < "$work/g/games.csv") -eq 9 ]] || fail "gauntlet: expected 8 games"

# The experiment machinery on a stand-in agent family.
out=$("$mancala" arena --pits 3 --seeds 2 --games 4 --quiet --experiment mcts-vs-random \
  --experiment-agent 'alphabeta:depth={}' --experiment-values 1,2 --out "$work/x") || fail "experiment: exit code $?"
[[ -s $work/x/alphabeta_vs_random.svg && -s $work/x/alphabeta_vs_random.csv ]] || fail "experiment: files missing"
[[ $out == *"95% Wilson interval"* ]] || fail "experiment: no table"

# A rule set that is no preset, named on the command line.
out=$("$mancala" arena --rules kalah:extra-turn=no --pits 3 --seeds 2 --games 2 --quiet --agents random greedy) ||
  fail "custom rules: exit code $?"
[[ $out == *"kalah:extra-turn=no(3,2), round-robin"* ]] || fail "custom rules: output lacks the rules: $out"

# A book of openings: the games start from its positions, in order, each with both colours.
printf '# two openings\n0,4,4,4/3,3,3,3/0/0/N\n\n3,3,3,0/4,4,4,2/1/0/S  # value ?\n' > "$work/book.txt"
"$mancala" arena --pits 4 --seeds 3 --games 4 --quiet --agents random greedy --openings "$work/book.txt" \
  --out "$work/book" >/dev/null || fail "book: exit code $?"
openings=$(cut -d'"' -f2 "$work/book/games.csv" | tail -n +2 | tr '\n' ' ')
[[ $openings == "0,4,4,4/3,3,3,3/0/0/N 0,4,4,4/3,3,3,3/0/0/N 3,3,3,0/4,4,4,2/1/0/S 3,3,3,0/4,4,4,2/1/0/S " ]] ||
  fail "book: the games' openings are '$openings'"

expect_refusal() {  # name, expected words, arguments...
  local name=$1 words=$2
  shift 2
  local err code
  err=$("$mancala" arena "$@" 2>&1 >/dev/null)
  code=$?
  [[ $code -eq 2 ]] || fail "$name: exit code $code, expected 2"
  [[ $err == *"$words"* ]] || fail "$name: message '$err' lacks '$words'"
  [[ $(echo "$err" | wc -l) -eq 1 ]] || fail "$name: message is not one line: $err"
}
expect_refusal unknown-agent "unknown agent 'wizard'" --agents random wizard
expect_refusal bad-rules "bad value 'twice' for extra-turn" --rules kalah:extra-turn=twice --agents random greedy
expect_refusal one-agent "at least two agent specs, got 1" --agents random
expect_refusal no-games "arena --games: must be a whole number from 1 to 1000000, got '0'" --agents random greedy --games 0
expect_refusal bad-limit "--move-time-limit" --agents random greedy --move-time-limit soon
touch "$work/file"
expect_refusal unwritable-out "cannot create the --out directory" --agents random greedy --out "$work/file/sub"
expect_refusal other-config "belongs to a different tournament (agents was" "${small[@]}" --agents random greedy \
  --out "$work/rr"
expect_refusal experiment-and-agents "leave out --agents" --experiment mcts-vs-random --agents random greedy
[[ $(wc -l < "$work/rr/journal.jsonl") -eq 13 ]] || fail "a refused run touched the journal"

[[ $failed -eq 0 ]] && echo "arena runs, resumes and refuses bad input cleanly"
exit $failed
