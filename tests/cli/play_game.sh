#!/usr/bin/env bash
# End-to-end: `mancala play` driven through stdin, as a person would type, and
# between two agents. Checks the transcript for the messages a player relies on
# and that every way a game can stop exits with code 0.
set -uo pipefail
mancala=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# play NAME INPUT ARGS...: runs the game with INPUT on stdin; the transcript is in $work/NAME.
play() {
  local name=$1 input=$2
  shift 2
  printf '%b' "$input" | "$mancala" play "$@" >"$work/$name" 2>&1
  local code=$?
  if [[ $code -ne 0 ]]; then echo "FAIL $name: exit code $code"; sed 's/^/  | /' "$work/$name"; failed=1; fi
}

# expect NAME TEXT: the transcript holds TEXT (a fixed string).
expect() {
  grep -qF -- "$2" "$work/$1" || { echo "FAIL $1: no line with '$2'"; failed=1; }
}

# expect_re NAME REGEX: some line of the transcript matches REGEX (extended).
expect_re() {
  grep -qE -- "$2" "$work/$1" || { echo "FAIL $1: no line matching '$2'"; failed=1; }
}

reject() {
  ! grep -qF -- "$2" "$work/$1" || { echo "FAIL $1: unexpected '$2'"; failed=1; }
}

small=(--rules kalah --pits 3 --seeds 2)

# A full game against greedy: bad input of every kind, help, hint, board, an extra
# turn, an empty pit, undo, then moves by number until the game is over.
moves=$(printf '1\\n2\\n3\\n%.0s' {1..12})
play full "hello\nB5\nA2\n0\n\nhelp\nhint\nboard\nB3\n2\nb2\nundo\nundo\n$moves" "${small[@]}" --north greedy
expect full "North, row A, store A1: greedy"
expect full "South, row B, store B5: human"
expect full "A1 |  0 |----+----+----|  0 | B5"
expect full "south> hello"
expect full "'hello' is not a move: south plays B2..B4 or 1..3."
expect full "B5 is south's store: south plays B2..B4 or 1..3."
expect full "A2 is north's pit: south plays B2..B4 or 1..3."
expect full "There is no pit 0: south plays B2..B4 or 1..3."
expect full "Type a move (B2..B4 or 1..3) or 'help'."
expect full "take back your last turn and everything played after it"
expect full "Hint from engine:time=1s, every move scored for south"
expect_re full '^ +B[234] \( ?[123]\) +[-+][0-9]+ \(exact\)  best$'
expect full "South played B3: 2 stones from B3, the last into the store B5. Extra turn: South moves again."
expect full "B3 is empty."
expect full "South played B2: 2 stones from B2, the last into B4."
expect_re full '^North \(greedy\) plays A[234], evaluation [-+][0-9.]+; '
expect_re full '^Took back [3-9] moves \(south B3, south B2, north A[234]'
expect full "Nothing to undo: no human move has been played yet."
expect_re full '^Game over after [0-9]+ moves\. Final score: south [0-9]+, north [0-9]+\.$'
expect_re full '^(South \(human\) wins by [0-9]+|North \(greedy\) wins by [0-9]+|It is a draw)\.$'
reject full "End of input"

# Quit, and the end of the input, stop the game cleanly.
play quit "b3\nquit\n" "${small[@]}" --north greedy
expect quit "South quits after 1 move. Score so far: south 1, north 0."
play eof "B3\n" "${small[@]}" --north greedy
expect eof "End of input: the game stops unfinished after 1 move. Score so far: south 1, north 0."

# North moves first; a human North counts its pits from its own left (A4 on 3 pits).
play north_first "quit\n" "${small[@]}" --north greedy --first north
expect north_first "North moves first."
expect north_first "Move 1: North to move (greedy)."
play human_north "1\nquit\n" "${small[@]}" --south greedy --north human --first north
expect human_north "North played A4: 2 stones from A4, the last into A2."

# Two humans share the keyboard; undo takes back the last human turn only.
play hot_seat "b2\na2\nundo\nquit\n" "${small[@]}" --north human
expect hot_seat "Took back 1 move (north A2); north to move."

# A given position: one move ends the game in a draw.
play position "b4\n" --position "0,0,1/0,0,1/5/5/S" --north greedy
expect position "South played B4: 1 stone from B4, the last into the store B5. Game over."
expect position "Game over after 1 move. Final score: south 6, north 6."
expect position "It is a draw."

# The same seed tosses the same coin.
play toss1 "quit\n" "${small[@]}" --north greedy --first random --seed 11
play toss2 "quit\n" "${small[@]}" --north greedy --first random --seed 11
cmp -s "$work/toss1" "$work/toss2" || { echo "FAIL toss: the same seed gave different games"; failed=1; }

# Agents against each other, no human and no input: the games finish.
play agents "" --pits 4 --seeds 3 --south greedy --north random:seed=5
expect_re agents '^Game over after [0-9]+ moves\.'
reject agents "south>"
reject agents "north>"
play relay_agents "" --rules relay --pits 3 --seeds 2 --south alphabeta:depth=4 --north random:seed=2
expect_re relay_agents '^Game over after [0-9]+ moves\.'
# A rule set that is no preset, named on the command line: no move earns an extra turn.
play custom_agents "" --rules kalah:extra-turn=no,capture=always --pits 4 --seeds 3 --south greedy \
  --north random:seed=3
expect custom_agents "Rules: homework:extra-turn=no(4,3): capture=always sowing=single end=either-row-empty extra-turn=no"
expect_re custom_agents '^Game over after [0-9]+ moves\.'
reject custom_agents "Extra turn"
play default_agents "" --pits 4 --seeds 2 --south alphabeta:depth=3  # the default engine proves these quickly
expect_re default_agents '^Game over after [0-9]+ moves\. Final score: south [0-9]+, north [0-9]+\.$'

[[ $failed -eq 0 ]] && echo "play: every scripted game behaved"
exit $failed
