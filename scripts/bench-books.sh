#!/usr/bin/env bash
# pnpm bench:books: Neraca Saldo and Buku Besar over a year of the scale data, booked (api/bench/books.ts), on a
# throwaway PostgreSQL (port TEST_PG_PORT, default 55441), or with BENCH_DB=pglite in memory. A benchmark, not a
# test: it prints figures and fails only if the bench itself errs. BENCH_STUDENTS, BENCH_RUNS: api/bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${BENCH_DB:-postgres}" = pglite ]; then
  exec pnpm --filter @keuangan/api exec tsx bench/books.ts
fi
TEST_PG_PORT="${TEST_PG_PORT:-55441}" exec bash scripts/with-postgres.sh pnpm --filter @keuangan/api exec tsx bench/books.ts
