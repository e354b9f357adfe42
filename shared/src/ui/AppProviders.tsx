import { AppToaster } from '@keuangan/shared/core';
import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';

/** antd in Indonesian. The host puts it around every page that uses the shared antd (all but /login). */
export function AntdProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={idID}>{children}</ConfigProvider>;
}

/**
 * antd in Indonesian and the toaster: what a remote needs when it runs on its own (inside the host
 * it would show toasts twice; the host mounts the toaster once at its root).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      {children}
      <AppToaster />
    </AntdProvider>
  );
}
