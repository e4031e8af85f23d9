#!/usr/bin/env bash
# Solves Kalah(m,n) start positions for the tables of docs/SOLVING.md, under the standard
# (kalah) and the empty-capture (homework) rules, one JSON line per game in
# docs/results/solved/values.jsonl. Each solve gets at most LIMIT seconds
# (default 300); a game that does not finish in time is recorded as such.
# Prints the two tables in the form of docs/SOLVING.md at the end.
# Usage: scripts/solve-table.sh [LIMIT]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-300}
out=docs/results/solved/values.jsonl
mkdir -p "$(dirname "$out")"
: > "$out.tmp"
games=()
for m in 1 2 3 4; do for n in 1 2 3 4 5 6; do games+=("$m $n"); done; done
for n in 1 2 3 4 5; do games+=("5 $n"); done
for n in 1 2 3 4 5; do games+=("6 $n"); done
for rules in kalah homework; do
  for game in "${games[@]}"; do
    set -- $game
    if line=$(timeout "$limit" ./build/mancala solve --rules "$rules" --pits "$1" --seeds "$2" --json 2>/dev/null); then
      echo "$line" >> "$out.tmp"
    else
      echo "{\"rules\":\"$rules\",\"pits\":$1,\"seeds\":$2,\"value\":null,\"note\":\"not solved within $limit s\"}" >> "$out.tmp"
    fi
  done
done
mv "$out.tmp" "$out"

# The tables of docs/SOLVING.md, from the results.
python3 - "$out" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
def cell(r):
    if r.get("value") is None:
        return "> %s s" % r["note"].split()[-2]
    v, t = r["value"], r["seconds"]
    result = "D" if v == 0 else ("W%d" % v if v > 0 else "L%d" % -v)
    time = "%d ms" % round(t * 1000) if t < 1 else "%.1f s" % t
    return "%s, %s, %d MB" % (result, time, round(r["peak_rss_mb"]))
for rules in ["kalah", "homework"]:
    print("\n%s:\n" % rules)
    print("| pits \\ seeds | 1 | 2 | 3 | 4 | 5 | 6 |\n|---|---|---|---|---|---|---|")
    for m in range(1, 7):
        cells = []
        for n in range(1, 7):
            found = [x for x in rows if x["rules"] == rules and x["pits"] == m and x["seeds"] == n]
            cells.append(cell(found[0]) if found else "")
        print("| %d | %s |" % (m, " | ".join(cells)))
PY
