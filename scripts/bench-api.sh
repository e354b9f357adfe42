#!/usr/bin/env bash
# pnpm bench:api: the API benchmark at school-network scale (api/bench/run.ts) on a throwaway PostgreSQL.
# Not part of `pnpm test`. BENCH_RUNS, BENCH_STUDENTS and BENCH_CASES (comma-separated name parts) are passed on.
set -euo pipefail
cd "$(dirname "$0")/.."
TEST_PG_PORT="${TEST_PG_PORT:-55499}" exec bash scripts/with-postgres.sh pnpm --filter @keuangan/api exec tsx bench/run.ts
