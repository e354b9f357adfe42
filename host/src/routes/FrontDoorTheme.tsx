import { APP_THEME } from '@keuangan/shared/core';
import ConfigProvider from 'antd/es/config-provider';
import idID from 'antd/es/locale/id_ID';
import type { ReactNode } from 'react';

/**
 * The product's locale and theme for the pages shown outside the signed-in layout and its AntdProvider (login,
 * the profile spinner and its failure). Without it they would show antd's default colours (a primary that
 * fails contrast). It is the same ConfigProvider as the shared antd's (the host compiles both from the same
 * files); the light `antd/es/config-provider` path only keeps the rest of antd off /login.
 */
export function FrontDoorTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={idID} theme={APP_THEME}>
      {children}
    </ConfigProvider>
  );
}
