import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';
import { checkedEmbedContract } from './scripts/embed-contract.mjs';

export default federatedAppConfig({
  name: 'billing',
  appDir: import.meta.dirname,
  port: Number(process.env.BILLING_PORT ?? REMOTES.billing.port),
  // ./embed: the student-billing view another module mounts with the React bridge (README "Embedding").
  exposes: { './routes': './src/routes.tsx', './embed': './src/embed/index.tsx' },
  // Loaded by pages without our host: its own bundle, sharing only the page's React (README "Embedding", size).
  ownBundle: './embed',
  // The view brings its own router under the embedding page's base path: the bridge must not replace
  // react-router-dom (which stays a shared singleton for our host's routes).
  bridge: { enableBridgeRouter: false },
  // The embed contract's version and surface, for other modules and `pnpm check:release` (README "Embedding"):
  // embed-api.json, checked against the view's types first (a mismatch stops the build).
  metaData: { embedApi: checkedEmbedContract() },
});
