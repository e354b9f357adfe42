import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';

export default federatedAppConfig({
  name: 'receipts',
  appDir: import.meta.dirname,
  port: Number(process.env.RECEIPTS_PORT ?? REMOTES.receipts.port),
  exposes: { './routes': './src/routes.tsx' },
});
