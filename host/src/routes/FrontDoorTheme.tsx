import { APP_THEME } from '@keuangan/shared/core';
import ConfigProvider from 'antd/es/config-provider';
import idID from 'antd/es/locale/id_ID';
import type { ReactNode } from 'react';

/**
 * The product's locale and theme for the pages shown before the shared antd loads (login, the profile
 * spinner and its failure). They take antd components by their own paths, whose ConfigProvider is not the
 * shared antd's: without this one they would show antd's default colours (a primary that fails contrast).
 */
export function FrontDoorTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={idID} theme={APP_THEME}>
      {children}
    </ConfigProvider>
  );
}
