import { AppProviders, loadConfig } from '@keuangan/shared';
import { Result } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerConfiguredRemotes } from './remotes/RemoteArea';
import { remoteRoutes } from './remotes/remoteRoutes';
import { createAppRouter } from './routes/AppRoutes';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  try {
    const config = await loadConfig();
    registerConfiguredRemotes(config.remotes);
  } catch (error) {
    root.render(
      <AppProviders>
        <Result
          status="error"
          title="Konfigurasi aplikasi tidak dapat dimuat"
          subTitle={error instanceof Error ? error.message : String(error)}
        />
      </AppProviders>,
    );
    return;
  }
  const router = createAppRouter(remoteRoutes);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

start();
