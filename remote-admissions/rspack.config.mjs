import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';

export default federatedAppConfig({
  name: 'admissions',
  appDir: import.meta.dirname,
  port: Number(process.env.ADMISSIONS_PORT ?? REMOTES.admissions.port),
  exposes: { './routes': './src/routes.tsx' },
});
