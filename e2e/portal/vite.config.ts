// Another suite module's page built with Vite (a parent portal), for the embedding e2e beside the rspack one
// (e2e/foreign): the same pages, its own React and router under /portal/, nothing of Keuangan's. A Module
// Federation consumer through @module-federation/vite that provides the federation runtime core to the page
// (`provideExternalRuntime`), which production Keuangan remotes expect (remote-billing README "Embedding").
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/portal/',
  plugins: [
    react(),
    federation({
      name: 'portal',
      // The billing manifest is registered at run time. The page shares its React: the view uses it instead of
      // loading its own (remote-billing README, "Embedding").
      remotes: {},
      shared: {
        react: { singleton: true, requiredVersion: '^19.0.0' },
        'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
      },
      dts: false,
      experiments: { provideExternalRuntime: true },
    }),
  ],
  resolve: {
    // The pages are e2e/foreign's: their imports resolve to this page's packages.
    dedupe: ['react', 'react-dom', 'react-router-dom'],
  },
  build: { target: 'es2022' },
});
