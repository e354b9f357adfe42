import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';
import '../format'; // registers the dayjs 'id' locale before any date renders
import { AppToaster } from '../toast';

/**
 * The page-level providers: antd in Indonesian and the toaster. The host wraps everything in it;
 * a remote uses it only when it runs on its own (inside the host it would show toasts twice).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={idID}>
      {children}
      <AppToaster />
    </ConfigProvider>
  );
}
