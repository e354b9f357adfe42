import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '../../foreign/src/App';
import { type BillingEmbedProvider, setViewLoader } from '../../foreign/src/BillingView';

/** Where this page finds Keuangan: written by scripts/start.mjs beside the build. */
interface PortalConfig {
  billingManifest: string;
  keuanganApi: string;
}

async function start() {
  const config: PortalConfig = await (await fetch('/portal/config.json', { cache: 'no-cache' })).json();
  registerRemotes([{ name: 'billing', entry: config.billingManifest }]);
  setViewLoader(() => loadRemote<{ default: BillingEmbedProvider }>('billing/embed'));
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <BrowserRouter basename="/portal">
      <App keuanganApi={config.keuanganApi} base="/portal" />
    </BrowserRouter>,
  );
}

start();
