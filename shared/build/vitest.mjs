// The one unit-test configuration of the React packages (shared, host, remotes): jsdom, tests in
// test/**/*.test.ts(x), the package's own test/setup.ts first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Tests wait for states (findBy/waitFor, up to 10 s: test/setup.ts), never for times; on a busy
    // machine the first page loaded on demand can take seconds.
    testTimeout: 30_000,
  },
});
