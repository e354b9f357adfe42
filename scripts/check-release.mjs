// Before shipping a remote on its own: is this build compatible with the host that is deployed?
//
//   pnpm check:release <remote> [--build <dir|url>] [--host <dir|url>] [--deployed <dir|url>]
//
// <remote> is staff, fees, billing, admissions or receipts. --build is the remote build to ship (default:
// <remote's folder>/dist), --host the deployed host (default: host/dist), each a folder or the address
// they are served from (e.g. https://keuangan.example.sch.id). Both are read from their Module Federation
// manifests. Prints the two builds and every finding; exits 1 when the remote would break in that host.
// --deployed is the same remote as deployed now: for billing, its embed contract is compared too (a prop or
// event removed without a major version breaks the modules that embed the view; remote-billing README).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTES } from '../shared/build/index.mjs';
import { compareEmbedApi, compareShares } from '../shared/build/release-check.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The stats manifest (which lists tree-shaken exports) or, failing that, the plain manifest. */
async function readManifest(where) {
  const names = ['mf-manifest-stats.json', 'mf-manifest.json'];
  if (/^https?:\/\//.test(where)) {
    const base = where.endsWith('.json') ? where.slice(0, where.lastIndexOf('/')) : where.replace(/\/+$/, '');
    for (const name of names) {
      const res = await fetch(`${base}/${name}`).catch(() => null);
      if (res?.ok) return res.json();
    }
    throw new Error(`no manifest at ${base}`);
  }
  for (const name of names) {
    try {
      return JSON.parse(await readFile(path.join(where, name), 'utf8'));
    } catch {
      // try the next name
    }
  }
  throw new Error(`no manifest in ${where} (build it first: pnpm --filter ./<app> build)`);
}

const describe = (manifest) => {
  const info = manifest.metaData?.buildInfo ?? {};
  return `${info.buildName ?? manifest.name} ${info.buildVersion ?? '?'} commit ${info.commit ?? '?'}${info.label ? ` (${info.label})` : ''}, built ${info.builtAt ?? '?'}`;
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'string' }, host: { type: 'string' }, deployed: { type: 'string' } },
});
const remote = positionals[0];
if (!remote || !REMOTES[remote]) {
  console.error(
    `usage: pnpm check:release <${Object.keys(REMOTES).join('|')}> [--build <dir|url>] [--host <dir|url>] [--deployed <dir|url>]`,
  );
  process.exit(2);
}

try {
  const host = await readManifest(values.host ?? path.join(root, 'host', 'dist'));
  const build = await readManifest(values.build ?? path.join(root, REMOTES[remote].dir, 'dist'));
  if (build.name !== remote) throw new Error(`that build is the ${build.name} remote, not ${remote}`);
  console.log(`host:   ${describe(host)}`);
  console.log(`remote: ${describe(build)}`);
  const findings = compareShares(host, build);
  if (values.deployed) {
    const deployed = await readManifest(values.deployed);
    console.log(`now:    ${describe(deployed)}`);
    findings.push(...compareEmbedApi(deployed, build));
  }
  const embed = build.metaData?.embedApi;
  if (embed)
    console.log(
      `embed contract: ${embed.version}${values.deployed ? '' : ' (not compared: give --deployed)'}`,
    );
  for (const finding of findings) console.log(`${finding.level.toUpperCase().padEnd(8)}${finding.message}`);
  const errors = findings.filter((f) => f.level === 'error').length;
  console.log(
    errors ? `NOT compatible: ${errors} error(s).` : 'Compatible: this remote can ship without the host.',
  );
  process.exit(errors ? 1 : 0);
} catch (error) {
  console.error(`check:release: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
