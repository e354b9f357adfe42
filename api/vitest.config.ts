import { defineConfig } from 'vitest/config';

// Each test file builds one app over its own seeded in-memory PGlite (beforeAll), shared by its tests.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: each file migrates and seeds its own database, and the workspace runs several suites at once
    // on a two-core machine. Only a hang should hit these.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
