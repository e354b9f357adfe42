import { createRequire } from 'node:module';
import { federatedAppConfig, HOST_PORT } from '@keuangan/shared/build';

const require = createRequire(import.meta.url);

export default federatedAppConfig({
  name: 'host',
  title: 'Keuangan',
  appDir: import.meta.dirname,
  port: Number(process.env.HOST_PORT ?? HOST_PORT),
  runtimePlugins: [require.resolve('./src/remotes/retry-plugin.ts')],
});
