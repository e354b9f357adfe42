import { Spin } from 'antd';
import {
  type ComponentProps,
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';

/**
 * A part of a screen that is fetched when it first shows (`React.lazy`): the payment form, the dialogs, the
 * embedded view's other pages. A read-only embedded view never downloads them (docs/decisions.md, "The embedded
 * view is its own bundle").
 */
export function OnDemand({ children }: { children: ReactNode }) {
  const loading = (
    <div role="status" aria-label="Memuat…">
      <Spin />
    </div>
  );
  return <Suspense fallback={loading}>{children}</Suspense>;
}

/** The parts whose code did not arrive: `retryFailedParts` lets them be fetched again. */
const failed = new Set<() => void>();

/**
 * `React.lazy` that can be fetched again: React keeps a failed load for good, so a part whose chunk did not
 * arrive (the billing server down) is made anew by `retryFailedParts` (the embedded view's Coba lagi).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, its props kept by the cast below
export function onDemand<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  const attempt = () =>
    load().catch((error: unknown) => {
      failed.add(reset);
      throw error;
    });
  let Part = lazy(attempt);
  function reset() {
    Part = lazy(attempt);
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy
  const Shown = (props: ComponentProps<T>) => createElement(Part, props);
  return Shown as unknown as T;
}

/** Coba lagi: every part that failed to load is fetched again when it next shows. */
export function retryFailedParts() {
  for (const reset of failed) reset();
  failed.clear();
}

/** The shared confirmation dialog, fetched where a screen may ask for a confirmation (never by a read token). */
export const ConfirmDialogOnDemand = onDemand(() =>
  import('@keuangan/shared').then((m) => ({ default: m.ConfirmDialog })),
);
