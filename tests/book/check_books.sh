#!/usr/bin/env bash
# Every book shipped in books/ loads and passes `mancala book check` (format, checksum,
# rules, every position and move legal), so that a change to the format or the rules that
# orphans them fails here.   check_books.sh MANCALA SOURCE_DIR
set -euo pipefail
mancala=$1
books=("$2"/books/*.book)
[[ -e ${books[0]} ]] || { echo "check_books.sh: no books in $2/books" >&2; exit 1; }
for book in "${books[@]}"; do
  "$mancala" book check "$book"
done
