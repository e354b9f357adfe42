import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';

export default federatedAppConfig({
  name: 'fees',
  appDir: import.meta.dirname,
  port: Number(process.env.FEES_PORT ?? REMOTES.fees.port),
  exposes: { './routes': './src/routes.tsx' },
});
