// `pnpm test:alone [remote]` (default fees): proves that one remote builds, tests and serves on its own,
// the way a release manager ships it: its dist is removed, then only `pnpm --filter ./<remote> build`,
// `... test` and `... serve` run, and the served manifest and entry are checked as the host would fetch
// them. `pnpm test` runs it before anything else is built, so on CI's clean clone no other app's build
// exists when this one is made.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_PORT, REMOTES } from '../shared/build/remotes.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const name = process.argv[2] ?? 'fees';
const remote = REMOTES[name];
if (!remote) {
  console.error(`check-alone: unknown remote "${name}" (one of ${Object.keys(REMOTES).join(', ')})`);
  process.exit(2);
}
const filter = `./${remote.dir}`;
let stopping = false;
const step = (text) => console.log(`\ncheck-alone ${name}: ${text}`);

/** Runs a pnpm command for the remote alone; resolves with the child (when `background`) or on success. */
function pnpm(args, { env, background = false } = {}) {
  const child = spawn('pnpm', ['--filter', filter, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    // A server's output is shown until it is stopped (pnpm reports the stop as a failure).
    stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: background,
  });
  if (background) {
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (data) => {
        if (!stopping) process.stdout.write(data);
      });
    }
    return child;
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const others = ['host', ...Object.values(REMOTES).map((r) => r.dir)]
  .filter((dir) => dir !== remote.dir)
  .filter((dir) => existsSync(path.join(root, dir, 'dist')));

step(`other apps' builds present: ${others.length ? others.join(', ') : 'none'}`);
rmSync(path.join(root, remote.dir, 'dist'), { recursive: true, force: true });

step('build');
await pnpm(['build']);
step('test');
await pnpm(['test']);

step('serve');
const port = await freePort();
const server = pnpm(['serve'], { env: { PORT: String(port) }, background: true });
const stopServer = () => {
  stopping = true;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

const base = `http://127.0.0.1:${port}`;
const failures = [];
try {
  // The manifest as the host fetches it: cross-origin, from the remote's own address (bounded wait).
  const deadline = Date.now() + 60_000;
  let manifestResponse;
  while (!manifestResponse && Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`pnpm serve exited with ${server.exitCode}`);
    manifestResponse = await fetch(`${base}/mf-manifest.json`, {
      headers: { Origin: `http://127.0.0.1:${HOST_PORT}` },
    }).catch(() => undefined);
    if (!manifestResponse) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!manifestResponse) throw new Error(`no answer from ${base} within 60 s`);

  const manifest = await manifestResponse.json();
  const expect = (ok, what) => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failures.push(what);
  };
  expect(manifestResponse.status === 200, 'mf-manifest.json answers 200');
  expect(
    manifestResponse.headers.get('access-control-allow-origin') === '*',
    'the manifest allows the host origin',
  );
  expect(manifestResponse.headers.get('cache-control') === 'no-cache', 'the manifest is not cached');
  expect(manifest.name === name, `the manifest names "${name}"`);
  expect(Boolean(manifest.metaData?.buildInfo?.builtAt), 'the manifest carries its build info');
  expect(
    manifest.exposes?.some((e) => e.name === 'routes'),
    'the manifest exposes ./routes',
  );
  const entryName = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const entry = await fetch(`${base}/${entryName}`);
  const entryText = await entry.text();
  expect(entry.status === 200 && entryText.length > 0, `${entryName} answers 200`);
  const chunk = manifest.exposes?.[0]?.assets?.js?.sync?.[0];
  if (chunk) {
    const chunkResponse = await fetch(`${base}/${chunk}`);
    expect(
      chunkResponse.status === 200 && /immutable/.test(chunkResponse.headers.get('cache-control') ?? ''),
      `${chunk} answers 200, cached as immutable`,
    );
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  stopServer();
}

if (failures.length) {
  console.error(`\ncheck-alone ${name}: FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`\ncheck-alone ${name}: built, tested and served on its own`);
