import { AppToaster } from '@keuangan/shared/core';
import type { ConfigProvider } from 'antd';
// By its own path: `from 'antd'` would load the whole shared antd with the shell (README "Measuring").
import theme from 'antd/es/theme';
import type { ComponentType, ReactNode } from 'react';
import { ANTD_CONFIG, AntdProvider } from '../antd-provider';

/**
 * A remote's screens inside its own antd's ConfigProvider: a remote released later that needs one more antd
 * component loads its own copy (README "Deploying a remote"), which sees only its own provider; this keeps the
 * locale and theme there. With the host's copy it changes nothing.
 */
export function withOwnAntd<P extends object>(
  OwnConfigProvider: typeof ConfigProvider,
  Screens: ComponentType<P>,
): ComponentType<P> {
  function RemoteScreens(props: P) {
    return (
      <OwnConfigProvider {...ANTD_CONFIG}>
        <Screens {...props} />
      </OwnConfigProvider>
    );
  }
  return RemoteScreens;
}

/**
 * antd in Indonesian and the toaster: what a remote needs when it runs on its own (inside the host
 * it would show toasts twice; the host mounts the toaster once at its root). `contained`: a view inside another
 * module's page (the embedded billing), whose box holds its toasts and whose text has the product's type, not
 * the page's (docs/architecture.md).
 */
export function AppProviders({ children, contained = false }: { children: ReactNode; contained?: boolean }) {
  return (
    <AntdProvider>
      {contained ? (
        <ContainedBox>
          {children}
          <AppToaster contained />
        </ContainedBox>
      ) : (
        <>
          {children}
          <AppToaster />
        </>
      )}
    </AntdProvider>
  );
}

/** The embedded view's box: the toasts' positioned parent, in antd's text style. */
function ContainedBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = {
    position: 'relative',
    fontFamily: token.fontFamily,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    color: token.colorText,
  } as const;
  return <div style={style}>{children}</div>;
}
