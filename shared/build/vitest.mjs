// The one unit-test configuration of the React packages (shared, host, remotes): jsdom, tests in
// test/**/*.test.ts(x), the package's own test/setup.ts first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
