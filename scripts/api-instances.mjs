// Several API instances on one PostgreSQL behind a round-robin front, to try scaling out on one machine
// (api/README.md "Several instances on one PostgreSQL").
//   DATABASE_URL=postgres://… node scripts/api-instances.mjs
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'api');
const bindHost = '127.0.0.1';
const frontPort = Number(process.env.API_PORT ?? 8080);
const count = Number(process.env.INSTANCES ?? 2);

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is required: several API instances share one PostgreSQL.');
  process.exit(2);
}
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`INSTANCES must be a whole number from 1 to 16 (got ${process.env.INSTANCES}).`);
  process.exit(2);
}

const instancePorts = Array.from({ length: count }, (_, i) => frontPort + 1 + i);
const children = new Map();
/** Ports of instances running and healthy: the front hands requests only to these. */
const up = new Set();
/** Recent unexpected exits per port: a crash loop stops everything instead of restarting forever. */
const exits = new Map();
const RESTART_LIMIT = { exits: 5, withinMs: 60_000, delayMs: 1_000 };
let stopping = false;

function startInstance(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, API_PORT: String(port), API_HOST: bindHost, TRUST_PROXY: '127.0.0.1' },
  });
  console.log(`API instance on port ${port} started (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    up.delete(port);
    if (stopping) return;
    const now = Date.now();
    const recent = (exits.get(port) ?? []).filter((at) => now - at < RESTART_LIMIT.withinMs);
    recent.push(now);
    exits.set(port, recent);
    if (recent.length >= RESTART_LIMIT.exits) {
      console.error(
        `the API instance on port ${port} stopped ${recent.length} times in a minute; stopping all`,
      );
      stopAll(1);
      return;
    }
    // One instance dying (a crash, an out-of-memory kill) must not take the others' requests down with it.
    console.error(`the API instance on port ${port} stopped (${signal ?? `exit ${code}`}); restarting it`);
    setTimeout(() => {
      if (stopping) return;
      startInstance(port);
      untilHealthy(port).then(
        () => up.add(port),
        (error) => console.error(String(error)),
      );
    }, RESTART_LIMIT.delayMs);
  });
  children.set(port, child);
}

/** Waits (bounded: 3 minutes) until the instance on `port` answers its health check. */
async function untilHealthy(port) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://${bindHost}:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API instance on port ${port} did not become healthy`);
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  if (front.listening) front.close();
  process.exitCode = code;
}

let next = 0;
/** The next healthy instance in turn (the one after the last used), or undefined when none is. */
function nextPort() {
  for (let i = 0; i < instancePorts.length; i++) {
    const port = instancePorts[next];
    next = (next + 1) % instancePorts.length;
    if (up.has(port)) return port;
  }
  return undefined;
}

const front = http.createServer((req, res) => {
  const port = nextPort();
  if (port === undefined) {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
    res.end(JSON.stringify({ message: 'Server sedang sibuk, coba lagi' }));
    return;
  }
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request(
    {
      host: bindHost,
      port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: `Instance API di port ${port} tidak menjawab.` }));
  });
  req.pipe(upstream);
});
// One after another: the first applies the migrations (and loads the demo data into an empty database),
// so the others never race it for them.
for (const port of instancePorts) {
  startInstance(port);
  try {
    await untilHealthy(port);
    up.add(port);
  } catch (error) {
    console.error(String(error));
    stopAll(1);
  }
}
if (!stopping) {
  front.listen(frontPort, bindHost, () => {
    console.log(
      `API front http://${bindHost}:${frontPort} -> instances on ports ${instancePorts.join(', ')}`,
    );
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
