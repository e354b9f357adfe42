#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server on 127.0.0.1 (Debian's postgresql package) and
# TEST_DATABASE_URL pointing at it; the server and its data are gone afterwards. It records commit times
# (track_commit_timestamp): test/numbering.test.ts checks that numbers follow commit order.
# TEST_PG_PRELOAD names libraries to preload (the load bench's BENCH_STATEMENTS=1 uses pg_stat_statements).
# Usage: scripts/with-postgres.sh <command…>
# Without PostgreSQL installed it says so and does nothing (exit 0): `pnpm test` stays runnable on a
# machine with only Node.js; CI installs PostgreSQL, so there the suite always runs on both drivers.
set -euo pipefail
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$PG_BIN" ]; then
  echo "PostgreSQL is not installed (Debian: apt-get install postgresql): skipped '$*' on PostgreSQL."
  exit 0
fi
PORT="${TEST_PG_PORT:-55432}"
DATA="$(mktemp -d /tmp/keuangan-pg.XXXXXX)"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DATA"
as_pg "$PG_BIN/initdb" -D "$DATA" -U postgres -A trust >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
  -o "-p $PORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=off -c track_commit_timestamp=on${TEST_PG_PRELOAD:+ -c shared_preload_libraries=$TEST_PG_PRELOAD}" start >/dev/null
cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
