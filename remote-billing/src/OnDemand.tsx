import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';

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
