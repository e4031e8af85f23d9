#!/usr/bin/env bash
# End-to-end: every front end of the command line plays every game of the catalogue
# (`mancala games --json`): perft, analyze, a game in the terminal between two agents,
# a small tournament, a review of one of its games, and the engine protocol; then a
# user's own games file with --games, and its refusals.
#   family_front_ends.sh MANCALA
set -uo pipefail
mancala=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }

"$mancala" games --json >"$work/games.json" || fail "games --json: exit code $?"
mapfile -t games < <(python3 -c 'import json, sys; [print(g["name"]) for g in json.load(open(sys.argv[1]))]' \
  "$work/games.json")
[[ ${#games[@]} -ge 12 ]] || fail "games: ${#games[@]} games listed"
"$mancala" games >"$work/games.txt" || fail "games: exit code $?"
grep -q "^oware " "$work/games.txt" || fail "games: no oware line"

for game in "${games[@]}"; do
  # perft: the same count with and without --divide, and as JSON.
  nodes=$("$mancala" perft --rules "$game" --depth 3 --json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["nodes"])') || fail "$game perft: exit code $?"
  divided=$("$mancala" perft --rules "$game" --depth 3 --divide --json |
    python3 -c 'import json, sys; d = json.load(sys.stdin); print(sum(d["divide"].values()), d["nodes"])')
  [[ $divided == "$nodes $nodes" ]] || fail "$game perft: $nodes against divide $divided"

  # analyze: a best move named as the game names its pits.
  "$mancala" analyze --rules "$game" --depth 4 --json >"$work/a.json" || fail "$game analyze: exit code $?"
  python3 - "$work/a.json" "$game" <<'EOF' || fail "$game analyze: $(cat "$work/a.json")"
import json, sys
a = json.load(open(sys.argv[1]))
assert a["best_move"], a
letters = sys.argv[2] not in ("kalah", "homework", "relay")
assert a["best_move"].isalpha() == letters, a["best_move"]
EOF

  # play: two agents to the end of the game, in the terminal.
  timeout 120 "$mancala" play --rules "$game" --south greedy --north random --seed 5 </dev/null >"$work/play.txt" 2>&1 ||
    fail "$game play: exit code $? $(tail -3 "$work/play.txt")"
  grep -qiE "wins|draw" "$work/play.txt" || fail "$game play: no result: $(tail -3 "$work/play.txt")"

  # arena: a small tournament, then a review of its first game.
  timeout 300 "$mancala" arena --rules "$game" --games 2 --agents greedy "alphabeta:depth=2" --seed 3 --quiet \
    --out "$work/arena-$game" >/dev/null 2>"$work/arena.err" || fail "$game arena: exit code $? $(cat "$work/arena.err")"
  [[ $(tail -n +2 "$work/arena-$game/games.csv" | wc -l) -eq 2 ]] || fail "$game arena: expected 2 games"
  timeout 300 "$mancala" review --games-csv "$work/arena-$game/games.csv" --game 1 --time 20ms --depth 4 --db-size 0 \
    --quiet >"$work/review.txt" 2>&1 || fail "$game review: exit code $? $(tail -3 "$work/review.txt")"
  grep -q "^Review of $game" "$work/review.txt" || fail "$game review: $(head -2 "$work/review.txt")"

  # The engine protocol: `rules NAME` alone takes the game's own board.
  out=$(printf 'mep\nrules %s\nisready\nposition start\ngo movetime 100\n' "$game" |
    timeout 60 "$mancala" engine --agent engine:depth=3) || fail "$game engine: exit code $?"
  [[ $out == *"readyok"*"bestmove "* ]] || fail "$game engine: '$out'"
done

# A user's own games.
cat >"$work/my.ini" <<'EOF'
[oware-8:oware]
description = Oware on eight houses a side
pits = 8
EOF
# (Whole outputs to files first: `grep -q` would close a pipe while mancala still writes.)
"$mancala" --games "$work/my.ini" games >"$work/mine.txt" || fail "--games: exit code $?"
grep -q "^oware-8 .*8x4" "$work/mine.txt" || fail "--games: oware-8 not listed"
"$mancala" --games "$work/my.ini" perft --rules oware-8 --depth 2 >"$work/perft.txt" || fail "--games perft: $?"
grep -q "^nodes 64 " "$work/perft.txt" || fail "--games: perft of oware-8: $(cat "$work/perft.txt")"
printf '[x]\ndescription = d\ncaptures = always\n' >"$work/bad.ini"
err=$("$mancala" --games "$work/bad.ini" games 2>&1 >/dev/null)
code=$?
[[ $code -eq 2 && $err == *"bad.ini:3: unknown key 'captures' in [x]"* ]] || fail "--games bad key: $code '$err'"
err=$("$mancala" --games "$work/nothing.ini" games 2>&1 >/dev/null)
[[ $? -eq 2 && $err == *"nothing.ini"* ]] || fail "--games missing file: '$err'"
# Oware is solved by its database; Toguz Kumalak (a tuzdyk) has neither databases nor proofs.
out=$("$mancala" solve --rules oware --pits 2 --seeds 1 2>/dev/null)
[[ $? -eq 0 && $out == *"oware(2,1): first player wins by 2"* ]] || fail "solve oware: '$out'"
err=$("$mancala" solve --rules toguz-kumalak --pits 2 --seeds 1 2>&1 >/dev/null)
[[ $? -eq 2 && $err == *"toguz-kumalak is not one"* ]] || fail "solve toguz-kumalak: '$err'"

[[ $failed -eq 0 ]] && echo "every front end played every game (${#games[@]} games)"
exit $failed
