#!/usr/bin/env bash
# pnpm bench:api: the API benchmark at school-network scale (api/bench/run.ts) on a throwaway PostgreSQL,
# or with BENCH_DB=pglite on the embedded database in memory. `pnpm test` runs only `pnpm bench:api:smoke` (PGlite,
# 200 students, 5 runs: it prints the figures and fails only if the bench errors).
# BENCH_RUNS, BENCH_STUDENTS, BENCH_CASES (comma-separated name parts), BENCH_EXPLAIN=1 (BENCH_EXPLAIN_MS),
# BENCH_PROFILE=<dir>, BENCH_PREPARED=1 and BENCH_GROWTH=1 or years are passed on (api/bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${BENCH_DB:-postgres}" = pglite ]; then
  exec pnpm --filter @keuangan/api exec tsx bench/run.ts
fi
TEST_PG_PORT="${TEST_PG_PORT:-55499}" exec bash scripts/with-postgres.sh pnpm --filter @keuangan/api exec tsx bench/run.ts
