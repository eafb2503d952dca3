#!/usr/bin/env bash
# Debian packages the tests need: Chromium (browser tests) and PostgreSQL (storage tests).
# Installs only what is missing, so it is quick on a machine that already has them.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if ((${#missing[@]})); then
  echo "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
