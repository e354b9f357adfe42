import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';

export default federatedAppConfig({
  name: 'billing',
  appDir: import.meta.dirname,
  port: Number(process.env.BILLING_PORT ?? REMOTES.billing.port),
  exposes: { './routes': './src/routes.tsx' },
});
