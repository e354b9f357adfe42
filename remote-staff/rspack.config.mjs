import { federatedAppConfig, REMOTES } from '@keuangan/shared/build';

export default federatedAppConfig({
  name: 'staff',
  appDir: import.meta.dirname,
  port: Number(process.env.STAFF_PORT ?? REMOTES.staff.port),
  exposes: { './routes': './src/routes.tsx' },
});
