// The one unit-test configuration of the React packages (shared, host, remotes): jsdom, tests in
// test/**/*.test.ts(x), the package's own test/setup.ts first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Rendering antd in jsdom takes seconds when the machine is busy (other builds, a browser run):
    // tests wait for states, and only a hang should hit this limit.
    testTimeout: 30_000,
  },
});
