import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { type BillingEmbedProvider, setViewLoader } from './BillingView';

/** Where this page finds Keuangan: written by scripts/start.mjs beside the build. */
export interface AkademikConfig {
  billingManifest: string;
  keuanganApi: string;
}

async function start() {
  const config: AkademikConfig = await (await fetch('/config.json', { cache: 'no-cache' })).json();
  registerRemotes([{ name: 'billing', entry: config.billingManifest }]);
  setViewLoader(() => loadRemote<{ default: BillingEmbedProvider }>('billing/embed'));
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <BrowserRouter basename="/akademik">
      <App keuanganApi={config.keuanganApi} base="/akademik" />
    </BrowserRouter>,
  );
}

start();
