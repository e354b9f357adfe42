import { defineConfig } from 'vitest/config';

// Each test file builds one app over its own seeded in-memory PGlite (beforeAll), shared by its tests.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
