// The one unit-test configuration of the React packages (shared, host, remotes): jsdom, tests in
// test/**/*.test.ts(x), the package's own test/setup.ts first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Generous: every package's suite runs at once on 2 cores; a test waits for a state, never for time.
    testTimeout: 30_000,
  },
});
