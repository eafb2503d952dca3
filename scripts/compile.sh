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

# A C compiler and this Python's headers; on a bare Debian, installed from its packages.
missing=()
command -v cc >/dev/null || command -v gcc >/dev/null || missing+=(gcc)
headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
[ -f "$headers/Python.h" ] || missing+=("python$version-dev")
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "compile.sh: installing ${missing[*]} from Debian packages"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

log=$(mktemp)
if ! "$python" -m mypyc "${modules[@]}" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    for module in "${modules[@]}"; do rm -f "${module%.py}".*.so; done
    echo "compile.sh: mypyc could not build the 20 Strong hot path (log above);" \
        "gamehall runs it as plain Python, about half as fast" >&2
    rm -rf build "$log"
    exit 0
fi
rm -rf build "$log"
echo "compiled with mypyc: ${modules[*]}"
