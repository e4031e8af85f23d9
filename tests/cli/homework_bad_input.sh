#!/usr/bin/env bash
# End-to-end: bad input gives exit code 2, one clear line naming the file and
# line, and creates no output file; a failed run leaves earlier outputs intact.
set -uo pipefail
mancala=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

expect_refusal() {  # name, expected words, input text
  local name=$1 words=$2 text=$3
  local dir="$work/$name"
  mkdir -p "$dir"
  printf '%b' "$text" > "$dir/input.txt"
  local err
  err=$("$mancala" homework "$dir/input.txt" --output-dir "$dir" 2>&1 >/dev/null)
  local code=$?
  if [[ $code -ne 2 ]]; then echo "FAIL $name: exit code $code, expected 2"; failed=1; fi
  if [[ $err != *"$words"* ]]; then echo "FAIL $name: message '$err' lacks '$words'"; failed=1; fi
  if [[ $(echo "$err" | wc -l) -ne 1 ]]; then echo "FAIL $name: message is not one line: $err"; failed=1; fi
  if [[ -n $(find "$dir" -type f ! -name input.txt) ]]; then echo "FAIL $name: files written"; failed=1; fi
}

expect_refusal missing-line "input.txt:7: missing player 1's mancala" '2\n1\n2\n1 2\n3 4\n0\n'
expect_refusal not-a-number "input.txt:4:" '2\n1\n2\n1 x\n3 4\n0\n0\n'
expect_refusal negative "must not be negative" '2\n1\n2\n1 2\n3 -4\n0\n0\n'
expect_refusal lengths "player 1's row has 3 pits but player 2's has 2" '2\n1\n2\n1 2\n3 4 5\n0\n0\n'
expect_refusal no-move "player 1 has no legal move" '3\n1\n2\n1 2\n0 0\n0\n0\n'
expect_refusal task "the task must be" '7\n1\n2\n1 2\n3 4\n0\n0\n'
expect_refusal player "your player must be 1 or 2" '2\n0\n2\n1 2\n3 4\n0\n0\n'

# A missing input file and bad options are refused the same way.
"$mancala" homework "$work/none.txt" --output-dir "$work/x" 2>/dev/null
[[ $? -eq 2 ]] || { echo "FAIL missing input: exit code not 2"; failed=1; }
"$mancala" homework "$work/none.txt" --time -3 2>/dev/null
[[ $? -eq 2 ]] || { echo "FAIL bad --time: exit code not 2"; failed=1; }

# A refused run leaves the outputs of an earlier run as they were.
dir="$work/keep"; mkdir -p "$dir"
printf '2\n1\n2\n1 2\n3 4\n0\n0\n' > "$dir/input.txt"
"$mancala" homework "$dir/input.txt" --output-dir "$dir" --quiet || { echo "FAIL good input refused"; failed=1; }
before=$(cat "$dir/next_state.txt" "$dir/traverse_log.txt")
printf '2\n1\n2\n1 2\n3 x\n0\n0\n' > "$dir/input.txt"
"$mancala" homework "$dir/input.txt" --output-dir "$dir" 2>/dev/null
[[ $(cat "$dir/next_state.txt" "$dir/traverse_log.txt") == "$before" ]] || { echo "FAIL outputs changed"; failed=1; }
[[ $(ls -A "$dir" | wc -l) -eq 3 ]] || { echo "FAIL stray files: $(ls -A "$dir")"; failed=1; }

# Defaults: ./input.txt in, the current directory out.
(cd "$dir" && printf '1\n2\n1\n1 2\n3 4\n0\n0\n' > input.txt && "$mancala" homework --quiet) ||
  { echo "FAIL defaults"; failed=1; }
# Hand-checked: A2 into A1 (extra turn), A3 into A2 and A1 (extra turn), A2 into A1 ends the game.
[[ $(cat "$dir/next_state.txt") == $'0 0\n0 0\n3\n7' ]] || { echo "FAIL defaults output: $(cat "$dir/next_state.txt")"; failed=1; }

[[ $failed -eq 0 ]] && echo "bad input refused cleanly"
exit $failed
