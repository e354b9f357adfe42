import { AppToaster } from '@keuangan/shared/core';
import type { ConfigProvider } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { ANTD_CONFIG, AntdProvider } from '../antd-provider';

/**
 * A remote's screens inside ITS OWN antd's ConfigProvider (the remote passes the one it imports). antd is
 * shared tree-shaken by Module Federation to the components the host was built with; a remote released later
 * that uses one more loads its own copy of antd instead (README "Deploying a remote"), and that copy sees only its
 * own ConfigProvider: this keeps the Indonesian locale and the product theme in it. With the host's copy
 * it is the same provider again, and changes nothing.
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
