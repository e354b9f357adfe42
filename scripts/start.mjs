// Starts the whole product from its production builds, each app on its own port like separate deployments:
// the API, the host and the five remotes (`pnpm start` builds first). Ports and the tests' extra pages and
// switches come from the environment (README, "Settings"); the host's assets/config.json is written from
// those ports, so moving a port needs no rebuild.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { HOST_PORT, REMOTES } from '../shared/build/remotes.mjs';
import { createStaticAppServer, listen as listenOn } from './lib/static-app.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bindHost = process.env.BIND_HOST ?? '127.0.0.1';
const port = (name, fallback) => Number(process.env[name] ?? fallback);

const apiPort = port('API_PORT', 8080);
/** The host and the remotes (shared/src/remotes.json), each port overridable by NAME_PORT (STAFF_PORT ...). */
const apps = {
  host: { dir: 'host', port: port('HOST_PORT', HOST_PORT) },
  ...Object.fromEntries(
    Object.entries(REMOTES).map(([name, remote]) => [
      name,
      { dir: remote.dir, port: port(`${name.toUpperCase()}_PORT`, remote.port) },
    ]),
  ),
};
const origin = (p) => `http://${bindHost}:${p}`;

/** What the host reads at start: the API address and where each remote's manifest lives. */
const runtimeConfig = {
  baseUrl: process.env.KEUANGAN_BASE_URL ?? origin(apiPort),
  titaniumUrl: process.env.KEUANGAN_TITANIUM_URL ?? origin(apps.host.port),
  remotes: Object.fromEntries(
    Object.entries(apps)
      .filter(([name]) => name !== 'host')
      .map(([name, app]) => [name, `${origin(app.port)}/mf-manifest.json`]),
  ),
};

for (const [name, app] of Object.entries(apps)) {
  if (!existsSync(path.join(root, app.dir, 'dist', 'index.html'))) {
    console.error(`${name}: no production build in ${app.dir}/dist. Run \`pnpm build\` (or \`pnpm start\`).`);
    process.exit(1);
  }
}

const configFile = process.env.KEUANGAN_CONFIG_FILE;
if (configFile) mkdirSync(path.dirname(configFile), { recursive: true });
if (configFile) writeFileSync(configFile, `${JSON.stringify(runtimeConfig, null, 2)}\n`);
const configJson = () =>
  configFile ? readFileSync(configFile, 'utf8') : JSON.stringify(runtimeConfig, null, 2);

const listen = (server, p) => listenOn(server, p, bindHost);

const servers = Object.fromEntries(
  Object.entries(apps).map(([name, app]) => [
    name,
    createStaticAppServer(path.join(root, app.dir, 'dist'), {
      isHost: name === 'host',
      configJson: name === 'host' ? configJson : undefined,
    }),
  ]),
);

/**
 * The embedding e2e's foreign pages and where they find Keuangan: e2e/foreign (rspack, a single-page app whose
 * routes live under /akademik/) at the site root, and e2e/portal (Vite) built for and served under /portal/.
 */
function createForeignServer(dir, prefix = '') {
  const files = sirv(path.join(root, 'e2e', dir, 'dist'), { single: true, etag: true });
  const config = JSON.stringify({
    billingManifest: runtimeConfig.remotes.billing,
    keuanganApi: runtimeConfig.baseUrl,
  });
  return http.createServer((req, res) => {
    if (prefix && req.url?.startsWith(`${prefix}/`)) req.url = req.url.slice(prefix.length);
    if (req.url?.split('?')[0] === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(config);
      return;
    }
    files(req, res);
  });
}
const foreignPort = process.env.AKADEMIK_PORT ? Number(process.env.AKADEMIK_PORT) : null;
const portalPort = process.env.PORTAL_PORT ? Number(process.env.PORTAL_PORT) : null;
const scriptPagePort = process.env.SCRIPT_PAGE_PORT ? Number(process.env.SCRIPT_PAGE_PORT) : null;
const billingOwnRuntimePort = Number(process.env.BILLING_OWN_RUNTIME_PORT ?? apps.billing.port + 100);
const billingOwnRuntimeDir = path.join(root, 'remote-billing', 'dist-own-runtime');

/** The folder of package `name` as `fromDir`'s package resolves it (pnpm: its own dependency's copy). */
function packageDirOf(name, fromDir) {
  let dir = path.dirname(createRequire(path.join(fromDir, 'package.json')).resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(path.join(...name.split('/')))) {
    if (dir === path.dirname(dir)) throw new Error(`${name}: no package folder above ${fromDir}`);
    dir = path.dirname(dir);
  }
  return dir;
}

/**
 * The federation runtime's ES build for a page without a bundler: @module-federation/runtime and the three
 * packages it imports, the copies the billing remote is built with (enhanced -> runtime-tools -> runtime).
 */
function federationRuntimePackages() {
  const enhanced = packageDirOf('@module-federation/enhanced', path.join(root, 'remote-billing'));
  const runtimeTools = packageDirOf('@module-federation/runtime-tools', enhanced);
  const runtime = packageDirOf('@module-federation/runtime', runtimeTools);
  const runtimeCore = packageDirOf('@module-federation/runtime-core', runtime);
  return {
    '@module-federation/runtime': runtime,
    '@module-federation/runtime-core': runtimeCore,
    '@module-federation/error-codes': packageDirOf('@module-federation/error-codes', runtime),
    '@module-federation/sdk': packageDirOf('@module-federation/sdk', runtimeCore),
  };
}

/**
 * e2e/script-page: its index.html, /vendor/<package>/dist/ (the runtime's ES modules, nothing else of the
 * packages) and /config.json pointing at the billing build with its own runtime.
 */
function createScriptPageServer() {
  const page = sirv(path.join(root, 'e2e', 'script-page'), { etag: true });
  const vendor = Object.entries(federationRuntimePackages()).map(([name, dir]) => ({
    prefix: `/vendor/${name}/dist/`,
    files: sirv(path.join(dir, 'dist'), { etag: true }),
  }));
  const config = JSON.stringify({
    billingManifest: `${origin(billingOwnRuntimePort)}/mf-manifest.json`,
    keuanganApi: runtimeConfig.baseUrl,
  });
  const notFound = (res) => () => {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  };
  return http.createServer((req, res) => {
    const pathname = req.url?.split('?')[0] ?? '/';
    if (pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(config);
      return;
    }
    const packageFiles = vendor.find((v) => pathname.startsWith(v.prefix));
    if (packageFiles) {
      req.url = req.url.slice(packageFiles.prefix.length - 1);
      packageFiles.files(req, res, notFound(res));
      return;
    }
    if (pathname.startsWith('/vendor/')) return notFound(res)();
    page(req, res, notFound(res));
  });
}
if (!existsSync(path.join(root, 'api', 'dist', 'server.mjs'))) {
  console.error('api: no build in api/dist. Run `pnpm build`.');
  process.exit(1);
}
for (const [port, dir] of [
  [foreignPort, 'foreign'],
  [portalPort, 'portal'],
]) {
  if (port && !existsSync(path.join(root, 'e2e', dir, 'dist', 'index.html'))) {
    console.error(`${dir}: no build in e2e/${dir}/dist. Run \`pnpm build\`.`);
    process.exit(1);
  }
}
if (scriptPagePort && !existsSync(path.join(billingOwnRuntimeDir, 'mf-manifest.json'))) {
  console.error(
    'billing: no build with its own runtime in remote-billing/dist-own-runtime. Run `pnpm build`.',
  );
  process.exit(1);
}

const stopServer = (name) =>
  new Promise((resolve) => {
    const server = servers[name];
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function startApi() {
  // The compiled API (`pnpm build`): plain Node, no TypeScript compiling at start.
  const api = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: path.join(root, 'api'),
    // The demo pays online through the API's local gateway simulator; the API ignores the flag once a provider
    // key is set (docs/online-payments.md, "Simulator").
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      API_HOST: bindHost,
      KEUANGAN_GATEWAY_SIMULATOR: process.env.KEUANGAN_GATEWAY_SIMULATOR ?? '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  api.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`API stopped (${signal ?? code}); stopping everything.`);
      shutdown(1);
    }
  });
  // Wait (bounded) until the API answers, so "ready" means ready.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${origin(apiPort)}/api/health`);
      if (res.ok) return api;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become ready within 120 s');
}

let shuttingDown = false;
let apiProcess;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  apiProcess?.kill('SIGTERM');
  await Promise.all(Object.keys(servers).map(stopServer));
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

function startControlServer(controlPort) {
  const control = http.createServer(async (req, res) => {
    const match = /^\/apps\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
    const name = match?.[1];
    if (req.method !== 'POST' || !name || !servers[name]) {
      res.writeHead(404).end();
      return;
    }
    if (match[2] === 'stop') await stopServer(name);
    else if (!servers[name].listening) await listen(servers[name], apps[name].port);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ [name]: match[2] }));
  });
  return listen(control, controlPort);
}

try {
  apiProcess = await startApi();
  await Promise.all(Object.entries(servers).map(([name, server]) => listen(server, apps[name].port)));
  if (foreignPort) await listen(createForeignServer('foreign'), foreignPort);
  if (portalPort) await listen(createForeignServer('portal', '/portal'), portalPort);
  if (scriptPagePort) {
    await listen(createStaticAppServer(billingOwnRuntimeDir), billingOwnRuntimePort);
    await listen(createScriptPageServer(), scriptPagePort);
  }
  if (process.env.KEUANGAN_CONTROL_PORT) await startControlServer(Number(process.env.KEUANGAN_CONTROL_PORT));
  console.log('\nKeuangan is running:');
  console.log(`  open     ${origin(apps.host.port)}  (accounts in README.md)`);
  console.log(`  API      ${origin(apiPort)}`);
  for (const [name, app] of Object.entries(apps)) {
    if (name !== 'host') console.log(`  ${name.padEnd(10)} ${origin(app.port)}/mf-manifest.json`);
  }
  console.log('Press Ctrl+C to stop.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
