// Test set-up shared by the shared and host unit tests (jsdom).
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';
import { restoreApi } from './fake-api';

// findBy/waitFor wait for a state; on a busy machine it may take more than the default second.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  toast.remove();
  restoreApi();
  localStorage.clear();
});

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
