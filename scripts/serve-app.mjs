// `pnpm serve` in an app's folder: serves that app's production build (its dist/) alone, as its own
// deployment would, on 127.0.0.1 (BIND_HOST to change) at its usual port (PORT, or <NAME>_PORT as
// `pnpm start` reads it). The host serves the assets/config.json of its build; a remote allows the
// host's cross-origin fetches. Run `pnpm build` in the same folder first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HOST_PORT, REMOTES } from '../shared/build/remotes.mjs';
import { createStaticAppServer, listen } from './lib/static-app.mjs';

const appDir = process.cwd();
const folder = path.basename(appDir);
const remoteName = Object.keys(REMOTES).find((name) => REMOTES[name].dir === folder);
if (folder !== 'host' && !remoteName) {
  console.error(`serve-app: ${folder} is neither the host nor a remote (run it from the app's folder)`);
  process.exit(1);
}
const distDir = path.join(appDir, 'dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`serve-app: no build in ${folder}/dist. Run \`pnpm build\` there first.`);
  process.exit(1);
}

const name = remoteName ?? 'host';
const fallbackPort = remoteName ? REMOTES[remoteName].port : HOST_PORT;
const port = Number(process.env.PORT ?? process.env[`${name.toUpperCase()}_PORT`] ?? fallbackPort);
const bindHost = process.env.BIND_HOST ?? '127.0.0.1';

const server = createStaticAppServer(distDir, { isHost: !remoteName });
await listen(server, port, bindHost);
const entry = remoteName ? '/mf-manifest.json' : '/';
console.log(`${name}: serving ${folder}/dist at http://${bindHost}:${port}${entry}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
