#!/usr/bin/env bash
# End-to-end: every bad command line, of every subcommand, is refused while
# parsing with exit code 2, nothing on stdout and exactly one line on stderr:
# "mancala: error: ..." naming the offending word or option. --help and
# --version still print and exit 0.
set -uo pipefail
mancala=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failed=0
count=0

# refuse 'WORDS' ARGS...: every word of WORDS (separated by '|') must be in the message.
refuse() {
  local words=$1
  shift
  local out err code
  out=$(timeout 20 "$mancala" "$@" </dev/null 2>"$work/err")
  code=$?
  err=$(cat "$work/err")
  count=$((count + 1))
  local name="mancala $*"
  if [[ $code -ne 2 ]]; then echo "FAIL '$name': exit code $code, expected 2"; failed=1; fi
  if [[ -n $out ]]; then echo "FAIL '$name': printed on stdout: $out"; failed=1; fi
  if [[ $(wc -l < "$work/err") -ne 1 || -z $err ]]; then echo "FAIL '$name': not one line: $err"; failed=1; fi
  if [[ $err != "mancala: error: "* ]]; then echo "FAIL '$name': no 'mancala: error:' prefix: $err"; failed=1; fi
  local word
  IFS='|' read -ra list <<< "$words"
  for word in "${list[@]}"; do
    [[ $err == *"$word"* ]] || { echo "FAIL '$name': message '$err' lacks '$word'"; failed=1; }
  done
}

# The command itself.
refuse "no command given|homework, analyze"
refuse "unknown command 'frobnicate'|homework, analyze, bench, play, arena, solve, db, review, serve" frobnicate
refuse "unknown option '--frob'" --frob
refuse "unknown option '-x'" -x
refuse "unknown command 'Homework'" Homework

# homework
refuse "homework|unknown option '--frob'" homework --frob
refuse "homework|unexpected argument 'b'" homework a b
refuse "--output-dir needs a value" homework -o
refuse "--time|'abc'" homework --time abc
refuse "--time|'-3'" homework --time -3
refuse "--max-log-size|'-1'" homework --max-log-size -1
refuse "--max-log-size|'12X'" homework --max-log-size 12X
refuse "--max-log-size|'0'" homework --max-log-size 0

# analyze
refuse "analyze|unknown option '--frob'" analyze --frob
refuse "analyze|unexpected argument 'extra'" analyze extra
refuse "analyze --nodes needs a value" analyze --nodes
refuse "give the game|--moves|--games-csv" review
refuse "give the game" review --moves B2 --games-csv games.csv --game 0
refuse "move 1 (B9)|south plays B2..B7" review --moves B9
refuse "move 2 (B3)|north plays" review --moves "B2 B3"
refuse "--games-csv needs --game" review --games-csv games.csv
refuse "review --depth|'0'" review --moves B2 --depth 0
refuse "--time abc" review --moves B2 --time abc
refuse "review --db-size|'-1'" review --moves B2 --db-size -1
refuse "cannot read|missing.csv" review --games-csv missing.csv --game 0
printf 'game,opening,opening_position,south\n0,0,"4,4/4,4/0/0/S",random\n' > old-games.csv
refuse "no 'rules' column|before the arena kept the moves" review --games-csv old-games.csv --game 0
printf 'game,opening_position,rules,moves\n0,"4,4/4,4/0/0/S",kalah,B2 B9\n' > bad-games.csv
refuse "move 2 (B9)" review --games-csv bad-games.csv --game 0
refuse "no game 7" review --games-csv bad-games.csv --game 7
refuse "analyze --nodes|'-5'" analyze --nodes -5
refuse "analyze --nodes|'abc'" analyze --nodes abc
refuse "analyze --nodes|'1e6'" analyze --nodes 1e6
refuse "analyze --depth|'0'" analyze --depth 0
refuse "analyze --depth|'-1'" analyze --depth -1
refuse "analyze --threads|'-1'" analyze --threads -1
refuse "analyze --hash|'-1'" analyze --hash -1
refuse "analyze --pits|'-3'" analyze --pits -3
refuse "analyze --seeds|'-1'" analyze --seeds -1

# bench
refuse "bench|unknown option '--frob'" bench --frob
refuse "bench|unexpected argument 'x'" bench x
refuse "bench --hash|'-1'" bench --hash -1
refuse "bench --start-depth|'-1'" bench --start-depth -1
refuse "bench --db-stones|'-1'" bench --db-stones -1
refuse "bench --db-threads|'-2'" bench --db-threads -2
refuse "bench --db-threads needs a value" bench --db-threads

# play
refuse "play|unknown option '--colour'" play --colour
refuse "play|unexpected argument 'now'" play now
refuse "play --seed|'-1'" play --seed -1
refuse "play --seed needs a value" play --seed
refuse "play --pits|'-1'" play --pits -1
refuse "play --seeds|'-4'" play --seeds -4
refuse "play --first|sideways" play --first sideways
refuse "play --position excludes --first" play --first north --position "1,1,1/1,1,1/0/0/S"

# arena
refuse "arena|unknown option '--frob'" arena --frob
refuse "arena|unexpected argument 'x'" arena x --agents random greedy
refuse "arena --seed|'-1'" arena --seed -1 --agents random greedy
refuse "arena --games|'-5'" arena --games -5 --agents random greedy
refuse "arena --jobs|'-1'" arena -j -1 --agents random greedy
refuse "arena --openings-plies|'-1'" arena --openings-plies -1 --agents random greedy
refuse "arena --balanced-openings|'-1'" arena --balanced-openings -1 --agents random greedy
refuse "arena --pits|'0'" arena --pits 0 --agents random greedy
refuse "arena --seeds|'-4'" arena --seeds -4 --agents random greedy
refuse "arena --games needs a value" arena --agents random greedy --games
printf '4,4,4,4,4,4/4,4,4,4,4,4/0/0/S\n' > book.txt
printf '# one bad line\n4,4,4,x,4,4/4,4,4,4,4,4/0/0/S\n' > bad-book.txt
printf '3,3,3,3/3,3,3,3/0/0/S\n' > small-book.txt
refuse "--openings: |missing.txt" arena --openings missing.txt --agents random greedy
refuse "--openings: |bad-book.txt line 2" arena --openings bad-book.txt --agents random greedy
refuse "--openings: |small-book.txt line 1|4 pits a side, for a game of 6" arena --openings small-book.txt --agents random greedy
refuse "the book holds 1 openings|need 2" arena --openings book.txt --games 4 --agents random greedy
refuse "--openings-plies excludes --openings" arena --openings book.txt --openings-plies 4 --agents random greedy

# solve
refuse "solve|unknown option '--frob'" solve --frob
refuse "solve|unexpected argument 'x'" solve x
refuse "solve --max-positions|'-1'" solve --max-positions -1
refuse "solve --db-budget|'-1'" solve --db-budget -1
refuse "solve --threads|'0'" solve --threads 0
refuse "solve --hash|'-1'" solve --hash -1
refuse "solve --db-stones|'-2'" solve --db-stones -2
refuse "solve --warmup-depth|'-1'" solve --warmup-depth -1
refuse "solve --pits|'-1'" solve --pits -1
refuse "solve --method|x" solve --method x
refuse "solve --max-positions|'0x10'" solve --max-positions 0x10

# db
refuse "no db command given|build, query" db
refuse "unknown db command 'frob'|build, query" db frob
refuse "unknown option '--frob'" db --frob
refuse "db build|unknown option '--frob'" db build --frob
refuse "db build|unexpected argument 'x'" db build x
refuse "db build --threads|'-1'" db build --threads -1
refuse "db build --max-stones|'-1'" db build --max-stones -1
refuse "db build --pits|'-3'" db build --pits -3
refuse "db query|unknown option '--frob'" db query --frob
refuse "db query --seeds|'-1'" db query --seeds -1

# serve
refuse "serve|unknown option '--frob'" serve --frob
refuse "serve|unexpected argument 'x'" serve x
refuse "serve --port|'-1'" serve --port -1
refuse "serve --port|'70000'" serve --port 70000
refuse "serve --max-games|'-1'" serve --max-games -1
refuse "serve --max-stored|'-5'" serve --max-stored -5
refuse "serve --io-threads|'0'" serve --io-threads 0
refuse "serve --think-threads|'-1'" serve --think-threads -1
refuse "serve --think-queue|'-1'" serve --think-queue -1
refuse "serve --max-connections|'-1'" serve --max-connections -1
refuse "serve --port needs a value" serve --port

# Help and version still work: exit 0, text on stdout, nothing on stderr.
for args in "--help" "homework --help" "analyze --help" "db --help" "db build --help" "serve --help" "--version"; do
  # shellcheck disable=SC2086
  out=$("$mancala" $args 2>"$work/err")
  code=$?
  [[ $code -eq 0 && -n $out && ! -s $work/err ]] || { echo "FAIL '$args': exit code $code, stderr: $(cat "$work/err")"; failed=1; }
done

[[ $failed -eq 0 ]] && echo "all $count bad command lines refused in one line"
exit $failed
