import { loadConfig, sessionStore } from '@keuangan/shared/core';
import { AppProviders } from '@keuangan/shared/shell';
import { Result, Spin } from 'antd';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

interface StandaloneOptions {
  /** The top-level routes this remote owns, e.g. ['employee']. */
  areas: string[];
  /** The remote's exposed `./routes` component. */
  AreaRoutes: ComponentType<{ area: string }>;
}

/**
 * Runs a remote on its own origin for development, without the host: same config file, same session
 * store. Sign in through the host first and pass the token as `?token=…` once (local storage is per
 * origin), or the page says how.
 */
export async function mountStandalone({ areas, AreaRoutes }: StandaloneOptions) {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const show = (node: React.ReactNode) => root.render(<AppProviders>{node}</AppProviders>);
  show(<Spin fullscreen />);

  const token = new URLSearchParams(window.location.search).get('token');
  if (token) sessionStore.getState().setToken(token);
  try {
    await loadConfig();
  } catch (error) {
    show(<Result status="error" title="Konfigurasi tidak dapat dimuat" subTitle={String(error)} />);
    return;
  }
  if (!sessionStore.getState().token || !(await sessionStore.getState().loadProfile())) {
    show(
      <Result
        status="info"
        title="Belum masuk"
        subTitle="Masuk melalui aplikasi utama, lalu buka modul ini dengan ?token=… pada alamatnya."
      />,
    );
    return;
  }
  show(
    <BrowserRouter>
      <Routes>
        {areas.map((area) => (
          <Route key={area} path={`${area}/*`} element={<AreaRoutes area={area} />} />
        ))}
        <Route path="*" element={<Navigate to={`/${areas[0]}`} replace />} />
      </Routes>
    </BrowserRouter>,
  );
}
