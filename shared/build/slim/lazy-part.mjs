// A library component the embedded view's first screen never renders, fetched when it first renders
// (README "Measuring", shared/build/slim.mjs): the same component, one chunk later.
import { createElement, lazy, Suspense } from 'react';

/**
 * @param {() => Promise<{ default: import('react').ComponentType<any> }>} load
 * @param {(props: any) => import('react').ReactNode} [fallback] what shows while it arrives
 */
export function lazyPart(load, fallback = () => null) {
  const Part = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per swapped module, at its top, as React.lazy
  return function LazyPart(props) {
    return createElement(Suspense, { fallback: fallback(props) }, createElement(Part, props));
  };
}
