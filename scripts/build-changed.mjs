// Builds the API and the apps. `pnpm start` builds only those whose sources changed since their last build
// here (a second start serves in seconds); `pnpm build` (`--all`) builds every one, and the e2e foreign page.
// Each build leaves its fingerprint in its dist/ (scripts/lib/fingerprint.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprintOf, isCurrent, stamp } from './lib/fingerprint.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** What `pnpm start` serves: the API and the six apps. */
const PACKAGES = [
  'api',
  'host',
  'remote-staff',
  'remote-fees',
  'remote-billing',
  'remote-admissions',
  'remote-receipts',
];
const all = process.argv.includes('--all');

const started = Date.now();
const stale = [...PACKAGES, ...(all ? ['e2e/foreign', 'e2e/portal'] : [])]
  .map((dir) => ({ dir, fingerprint: fingerprintOf(root, dir) }))
  .filter(({ dir, fingerprint }) => all || !isCurrent(path.join(root, dir, 'dist'), fingerprint));
if (stale.length === 0) {
  console.log(`Every build is current (checked in ${Date.now() - started} ms): nothing to build.`);
  process.exit(0);
}
if (!all) console.log(`Building ${stale.map((p) => p.dir).join(', ')} (the others are current).`);
const filters = stale.flatMap(({ dir }) => ['--filter', `./${dir}`]);
const result = spawnSync('pnpm', ['-r', ...filters, 'build'], { cwd: root, stdio: 'inherit', shell: false });
if (result.status !== 0) process.exit(result.status ?? 1);
for (const { dir, fingerprint } of stale) stamp(path.join(root, dir, 'dist'), fingerprint);
