// Limits of the React packages' unit tests, generous on purpose: CI machines are busy and shared.
// A test waits for a state up to ASYNC_TIMEOUT_MS (testing-library's findBy/waitFor); the test as a
// whole may take up to TEST_TIMEOUT_MS, so a slow wait fails with its own message, not vitest's.
export const ASYNC_TIMEOUT_MS = 30_000;
export const TEST_TIMEOUT_MS = 120_000;
