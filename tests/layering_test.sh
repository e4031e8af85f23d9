#!/usr/bin/env bash
# Every `#include "layer/..."` in src/ must name the file's own layer or one below it, in the
# order src/CMakeLists.txt links them and docs/ARCHITECTURE.md draws them. The link order catches
# a climbing call; this catches a climbing include of a header-only part too.
# Usage: layering_test.sh [SRC_DIR]
set -euo pipefail
src=${1:-"$(dirname "$0")/../src"}

declare -A allowed=(
    [util]=""
    [core]="util"
    [search]="core util"
    [play]="core util"
    [agents]="search core util"
    [solve]="search core util"
    [homework]="search core util"
    [review]="search play core util"
    [protocol]="agents search core util"
    [arena]="agents search core util"
    [server]="agents review play search core util"
    [cluster]="solve search core util"
    [cli]="cluster server arena protocol agents solve homework review play search core util"
)

failures=0
for dir in "$src"/*/; do
    layer=$(basename "$dir")
    if [[ -z ${allowed[$layer]+set} ]]; then
        echo "layering: src/$layer/ is not a known layer; add it to tests/layering_test.sh and docs/ARCHITECTURE.md"
        failures=$((failures + 1))
        continue
    fi
    while IFS=: read -r file line text; do
        [[ $text =~ \"([a-z_]+)/ ]] && target=${BASH_REMATCH[1]}
        [[ $target == "$layer" ]] && continue
        if [[ " ${allowed[$layer]} " != *" $target "* ]]; then
            echo "layering: ${file#"$src"/}:$line: $layer may not include $target (allowed: ${allowed[$layer]:-nothing})"
            failures=$((failures + 1))
        fi
    done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"[a-z_]+/' "$dir" || true)
done

if ((failures > 0)); then
    echo "layering: $failures include(s) climb"
    exit 1
fi
echo "layering: every include points down"
