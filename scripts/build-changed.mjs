// Builds the API and the apps. `pnpm start` builds only those whose sources changed since their last build
// here (a second start serves in seconds); `pnpm build` (`--all`) builds every one, the e2e foreign pages, and
// the billing remote a second time with its own federation runtime (remote-billing/dist-own-runtime: what the
// e2e's plain <script> page loads, remote-billing/README.md "Embedding").
// Each build leaves its fingerprint in its dist/ (scripts/lib/fingerprint.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '../shared/build/remotes.mjs';
import { fingerprintOf, isCurrent, stamp } from './lib/fingerprint.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** What `pnpm start` serves: the API and the six apps. */
const PACKAGES = ['api', 'host', ...Object.values(REMOTES).map((remote) => remote.dir)];
const all = process.argv.includes('--all');

const started = Date.now();
const stale = [...PACKAGES, ...(all ? ['e2e/foreign', 'e2e/portal'] : [])]
  .map((dir) => ({ dir, fingerprint: fingerprintOf(root, dir) }))
  .filter(({ dir, fingerprint }) => all || !isCurrent(path.join(root, dir, 'dist'), fingerprint));
if (stale.length === 0) {
  console.log(`Every build is current (checked in ${Date.now() - started} ms): nothing to build.`);
  process.exit(0);
}
// The host's antd and router hold what the remotes use, read from their builds' manifests
// (shared/build/shares.mjs, `remotesUsedExports`): it is built after them, and again whenever one of them is.
const remoteDirs = Object.values(REMOTES).map((remote) => remote.dir);
if (!stale.some(({ dir }) => dir === 'host') && stale.some(({ dir }) => remoteDirs.includes(dir))) {
  stale.push({ dir: 'host', fingerprint: fingerprintOf(root, 'host') });
}
if (!all) console.log(`Building ${stale.map((p) => p.dir).join(', ')} (the others are current).`);
const build = (packages) => {
  if (packages.length === 0) return;
  const filters = packages.flatMap(({ dir }) => ['--filter', `./${dir}`]);
  const result = spawnSync('pnpm', ['-r', ...filters, 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: false,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  for (const { dir, fingerprint } of packages) stamp(path.join(root, dir, 'dist'), fingerprint);
};
build(stale.filter(({ dir }) => dir !== 'host'));
build(stale.filter(({ dir }) => dir === 'host'));

if (all) {
  // The billing remote with its own runtime, beside the normal build (KEUANGAN_OUTPUT_DIR).
  const outputDir = path.join(root, 'remote-billing', 'dist-own-runtime');
  const env = { ...process.env, KEUANGAN_REMOTE_OWN_RUNTIME: '1', KEUANGAN_OUTPUT_DIR: outputDir };
  const ownRuntime = spawnSync('pnpm', ['--filter', './remote-billing', 'build'], {
    cwd: root,
    env,
    stdio: 'inherit',
    shell: false,
  });
  if (ownRuntime.status !== 0) process.exit(ownRuntime.status ?? 1);
  stamp(outputDir, fingerprintOf(root, 'remote-billing', env));
}
