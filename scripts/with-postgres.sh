#!/usr/bin/env bash
# Run a command with a private PostgreSQL server on loopback, started here and stopped after.
# The command sees its URL in GAMEHALL_TEST_POSTGRES_URL.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
data=$(mktemp -d /tmp/gamehall-pg.XXXXXX)
port=${GAMEHALL_TEST_POSTGRES_PORT:-55432}
chown postgres:postgres "$data"
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_postgres "$bin/initdb" -D "$data" -A trust -U postgres >/dev/null
as_postgres "$bin/pg_ctl" -D "$data" -o "-p $port -k $data -c listen_addresses=127.0.0.1" \
  -l "$data/log" -w start >/dev/null
stop() { as_postgres "$bin/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$data"; }
trap stop EXIT
as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres gamehall_test
export GAMEHALL_TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/gamehall_test"
# In the background, so that a TERM or an INT stops it and then the server (a foreground
# command would hold the traps back until it ends).
"$@" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 143' TERM
trap 'kill -INT "$child" 2>/dev/null; wait "$child"; exit 130' INT
wait "$child"
