import { AppToaster, loadConfig } from '@keuangan/shared/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerConfiguredRemotes } from './remotes/register';
import { remoteRoutes } from './remotes/remoteRoutes';
import { createAppRouter } from './routes/AppRoutes';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function showConfigError(error: unknown) {
  // Rare: only now load the shared antd for a proper error page.
  const [{ AppProviders }, { Result }] = await Promise.all([import('@keuangan/shared'), import('antd')]);
  root.render(
    <AppProviders>
      <Result
        status="error"
        title="Konfigurasi aplikasi tidak dapat dimuat"
        subTitle={error instanceof Error ? error.message : String(error)}
      />
    </AppProviders>,
  );
}

async function start() {
  try {
    const config = await loadConfig();
    registerConfiguredRemotes(config.remotes);
  } catch (error) {
    await showConfigError(error);
    return;
  }
  const router = createAppRouter(remoteRoutes);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
      <AppToaster />
    </StrictMode>,
  );
}

start();
