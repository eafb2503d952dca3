#!/usr/bin/env bash
# What compiling the hot paths needs besides Python packages (make compiled): a C compiler and
# the headers of this Python; on a bare Debian run as root, installed from its packages.
set -euo pipefail
python=$1
missing=()
command -v cc >/dev/null || command -v gcc >/dev/null || missing+=(gcc)
headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
[ -f "$headers/Python.h" ] || missing+=("python$version-dev")
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "compiler.sh: installing ${missing[*]} from Debian packages"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
