// The one unit-test configuration of the React packages (shared, host, remotes): jsdom, tests in
// test/**/*.test.ts(x), the package's own test/setup.ts first, generous limits (vitest-timeouts.mjs).
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from './vitest-timeouts.mjs';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
  },
});
