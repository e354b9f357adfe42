import { AntdProvider } from '@keuangan/shared/antd-provider';
import { lazy, Suspense } from 'react';

// Only a signed-in user waits on this spinner: loaded on first use, it keeps its weight off /login.
const Spin = lazy(() => import('antd/es/spin'));
const LOADING = 'Memuat…';

/** Shown while the profile behind a stored token loads, and while a page's code loads. */
export function FullPageSpinner() {
  return (
    <AntdProvider>
      <div role="status" style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Suspense fallback={LOADING}>
          <Spin size="large" description={LOADING} />
        </Suspense>
      </div>
    </AntdProvider>
  );
}
