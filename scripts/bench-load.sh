#!/usr/bin/env bash
# pnpm bench:load: the API under many concurrent users over HTTP (api/bench/load/main.ts), against 1 and 2 real API
# server processes on a throwaway PostgreSQL (scripts/with-postgres.sh, port TEST_PG_PORT, default 55440). A
# benchmark, not a test: it prints figures and goals and fails only if the bench itself errs. Knobs
# (BENCH_STUDENTS, BENCH_SECONDS, BENCH_INSTANCES, …): api/bench/README.md "Load".
set -euo pipefail
cd "$(dirname "$0")/.."
# BENCH_STATEMENTS=1 preloads pg_stat_statements and prints where PostgreSQL's time went per phase.
if [ "${BENCH_STATEMENTS:-}" = 1 ]; then export TEST_PG_PRELOAD=pg_stat_statements; fi
TEST_PG_PORT="${TEST_PG_PORT:-55440}" exec bash scripts/with-postgres.sh pnpm --filter @keuangan/api exec tsx bench/load/main.ts
