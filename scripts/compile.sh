#!/usr/bin/env bash
# Compile the named modules of the 20 Strong hot path with mypyc, in place, beside their
# sources (docs/performance.md). The sources stay the truth: delete the *.so files (make
# pure) and the same code runs as plain Python; gamehall refuses to import a compiled
# module older than its source (gamehall.games.twenty_strong.compiled).
set -euo pipefail
python="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
cd "$(dirname "$0")/../src"
modules=("${@#src/}")
log=$(mktemp)
if ! "$python" -m mypyc "${modules[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    echo "compile.sh: mypyc failed on the 20 Strong hot path (log above)" >&2
    exit 1
fi
rm -rf build "$log"
echo "compiled with mypyc: ${modules[*]}"
