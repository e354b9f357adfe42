import { APP_THEME, AppToaster } from '@keuangan/shared/core';
import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';

/**
 * antd in Indonesian with the product theme (contrast, see theme.ts). The host puts it around every page
 * that uses the shared antd (all but /login, which has its own provider with the same theme).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={idID} theme={APP_THEME}>
      {children}
    </ConfigProvider>
  );
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
