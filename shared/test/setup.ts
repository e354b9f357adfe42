// Test set-up shared by the shared and host unit tests (jsdom).
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';
import { ASYNC_TIMEOUT_MS } from '../build/vitest-timeouts.mjs';
import { restoreApi } from './fake-api';

// One generous wait for every findBy/waitFor of every React package: lazily loaded pages and antd's
// animations may take seconds on a busy CI machine. A test waits for a state, never for the clock;
// ASYNC_TIMEOUT_MS (build/vitest.mjs) is the limit, not a duration anything depends on.
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS });

afterEach(() => {
  cleanup();
  toast.remove();
  restoreApi();
  globalThis.localStorage?.clear();
});

// Tests of build scripts run in Node (`// @vitest-environment node`): no DOM to stand in for.
if (typeof window !== 'undefined') {
  // jsdom lacks the layout APIs antd's responsive helpers call; inert stand-ins are enough here.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  // ScrollRestoration scrolls; jsdom has no layout to scroll.
  window.scrollTo = () => {};

  // jsdom does not implement pseudo-element styles and logs an error when antd asks for them.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}
