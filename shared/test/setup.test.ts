import { getConfig } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ASYNC_TIMEOUT_MS } from '../build/vitest-timeouts.mjs';

// Every React package's tests import this package's setup: a findBy/waitFor never gives up after
// testing-library's default 1 s while a lazily loaded page is still arriving on a busy machine.
it('gives every asynchronous query the generous shared wait', () => {
  expect(getConfig().asyncUtilTimeout).toBe(ASYNC_TIMEOUT_MS);
  expect(ASYNC_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
});
