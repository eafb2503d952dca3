#!/usr/bin/env bash
# Compile the named modules of the 20 Strong hot path in place, beside their sources
# (docs/performance.md): with Cython those that start with a "# cython:" line (pure Python
# mode), with mypyc the others. The sources stay the truth: delete the *.so files (make
# pure) and the same code runs as plain Python; gamehall refuses to import a compiled
# module older than its source (gamehall.games.twenty_strong.compiled).
set -euo pipefail
python="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
cd "$(dirname "$0")/../src"
mypyc_modules=()
cython_modules=()
for module in "${@#src/}"; do
    if head -n 1 "$module" | grep -q '^# cython:'; then
        cython_modules+=("$module")
    else
        mypyc_modules+=("$module")
    fi
done

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
failed() {  # $1: the compiler; the rest: its modules, left to run as plain Python
    local compiler=$1
    shift
    tail -n 20 "$log" >&2
    for module in "$@"; do rm -f "${module%.py}".*.so "${module%.py}".c; done
    echo "compile.sh: $compiler could not build ${*} (log above);" \
        "gamehall runs them as plain Python, slower" >&2
}
if [ ${#mypyc_modules[@]} -gt 0 ]; then
    if "$python" -m mypyc "${mypyc_modules[@]}" >"$log" 2>&1; then
        echo "compiled with mypyc: ${mypyc_modules[*]}"
    else
        failed mypyc "${mypyc_modules[@]}"
    fi
fi
if [ ${#cython_modules[@]} -gt 0 ]; then
    if "$python" -m Cython.Build.Cythonize -i -3 -q "${cython_modules[@]}" >"$log" 2>&1; then
        for module in "${cython_modules[@]}"; do rm -f "${module%.py}.c"; done
        echo "compiled with Cython: ${cython_modules[*]}"
    else
        failed Cython "${cython_modules[@]}"
    fi
fi
rm -rf build "$log"
