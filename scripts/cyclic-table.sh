#!/usr/bin/env bash
# Solves small Oware and Awari boards from the start by their databases (mancala solve
# on a game whose positions repeat), one JSON line per game in
# docs/results/solved/cyclic_values.jsonl, each within LIMIT seconds (default 1200),
# and prints the tables of the README and docs/SOLVING.md at the end.
# Usage: scripts/cyclic-table.sh [LIMIT]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-1200}
out=docs/results/solved/cyclic_values.jsonl
mkdir -p "$(dirname "$out")"
: > "$out.tmp"
# (houses, seeds a house) up to what the machine holds in time: by counting, the largest
# tier takes about 5 bytes a board while it is solved, and 6 x 2 (1.25 G boards) about
# a quarter of an hour on two threads.
games=()
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do games+=("3 $k"); done
for k in 1 2 3 4 5 6; do games+=("4 $k"); done
for k in 1 2 3; do games+=("5 $k"); done
games+=("6 1" "6 2")
for rules in oware awari; do
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

python3 - "$out" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
def cell(r):
    if r.get("value") is None:
        return "> %s s" % r["note"].split()[-2]
    v, t = r["value"], r["seconds"]
    result = "D" if v == 0 else ("W%d" % v if v > 0 else "L%d" % -v)
    time = "%d ms" % round(t * 1000) if t < 1 else "%.1f s" % t
    return "%s, %s, %.1fM" % (result, time, r["positions"] / 1e6)
seeds = sorted({r["seeds"] for r in rows})
for rules in ["oware", "awari"]:
    print("\n%s:\n" % rules)
    print("| houses \\ seeds | " + " | ".join(str(k) for k in seeds) + " |")
    print("|---|" + "---|" * len(seeds))
    for n in sorted({r["pits"] for r in rows}):
        cells = []
        for k in seeds:
            found = [x for x in rows if x["rules"].startswith(rules) and x["pits"] == n and x["seeds"] == k]
            cells.append(cell(found[0]) if found else "")
        print("| %d | %s |" % (n, " | ".join(cells)))
PY
