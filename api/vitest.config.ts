import { defineConfig } from 'vitest/config';

// Each test file builds one app over its own seeded in-memory PGlite (beforeAll), shared by its tests.
// Timeouts are generous: `pnpm test:unit` runs every package's suite at once on 2 cores, and a busy machine
// must not fail a test (speed is measured by benchmarks, not here).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
