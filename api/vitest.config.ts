import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each test file builds one app over its own seeded database (beforeAll), shared by its tests: a copy of the
// template the global setup migrates and seeds once (an in-memory PGlite, or PostgreSQL's CREATE DATABASE … TEMPLATE).
// Timeouts are generous: `pnpm test:unit` runs every package's suite at once on 2 cores, and a busy machine
// must not fail a test (speed is measured by benchmarks, not here).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Two files at once even on 2 cores (vitest would run one): a file waits on its database and on the
    // PostgreSQL server part of the time, and the other core would idle once the smaller suites are done.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
