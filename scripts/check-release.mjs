// Before shipping a remote on its own: is this build compatible with the host that is deployed?
//
//   pnpm check:release <remote> [--build <dir|url>] [--against <host dir|url|config.json>] [--deployed <dir|url>]
//
// <remote> is staff, fees, billing, admissions or receipts. --build is the remote build to ship (default:
// <remote's folder>/dist). --against is what runs now (default: host/dist): the host's folder or address
// (e.g. https://keuangan.example.sch.id), or the deployed host's assets/config.json (a file or its URL), which
// also names the remote deployed now. --host is another name for --against. Each side is read from its Module
// Federation manifest. Compared: the shared libraries' versions, the exports a remote uses of antd, the router
// and @keuangan/shared against those the host's copies have, the federation runtime versions and the modules
// the host loads from a remote. Prints both builds and every finding; says "Compatible" only when none is an
// error, else exits 1.
// --deployed is the same remote as deployed now (given by a config.json too): for billing, its embed contract is
// compared (a prop or event removed without a major version breaks the modules that embed the view;
// remote-billing README).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareBuilds, compareEmbedApi } from '../shared/build/release-check.mjs';
import { REMOTES } from '../shared/build/remotes.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const isUrl = (where) => /^https?:\/\//.test(where);

async function readJson(where) {
  if (isUrl(where)) {
    const res = await fetch(where).catch(() => null);
    if (!res?.ok) throw new Error(`cannot read ${where}${res ? ` (${res.status})` : ''}`);
    return res.json();
  }
  return JSON.parse(await readFile(where, 'utf8'));
}

/** The stats manifest (which lists exports) or, failing that, the plain manifest, of a folder or an address. */
async function readManifest(where) {
  const names = ['mf-manifest-stats.json', 'mf-manifest.json'];
  const base = where.endsWith('.json') ? where.slice(0, where.lastIndexOf('/')) : where.replace(/\/+$/, '');
  for (const name of names) {
    try {
      return await readJson(isUrl(base) ? `${base}/${name}` : path.join(base, name));
    } catch {
      // try the next name
    }
  }
  throw new Error(
    isUrl(where)
      ? `no manifest at ${base}`
      : `no manifest in ${where} (build it first: pnpm --filter ./<app> build)`,
  );
}

/** A manifest's deployed remote: an absolute address, or one relative to the config file's own address. */
function deployedAddress(deployedAt, configAt) {
  if (isUrl(deployedAt)) return deployedAt;
  if (isUrl(configAt)) return new URL(deployedAt, configAt).href;
  throw new Error(`the config file names the remote at ${deployedAt}: give the config's address instead`);
}

const describe = (manifest) => {
  const info = manifest.metaData?.buildInfo ?? {};
  const shared = manifest.shared?.find((share) => share.name === '@keuangan/shared');
  return `${info.buildName ?? manifest.name} ${info.buildVersion ?? '?'} commit ${info.commit ?? '?'}${info.label ? ` (${info.label})` : ''}, built ${info.builtAt ?? '?'}; @keuangan/shared ${shared?.version ?? '?'}, federation ${manifest.metaData?.pluginVersion ?? '?'}`;
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    build: { type: 'string' },
    against: { type: 'string' },
    host: { type: 'string' },
    deployed: { type: 'string' },
  },
});
const remote = positionals[0];
if (!remote || !REMOTES[remote]) {
  console.error(
    `usage: pnpm check:release <${Object.keys(REMOTES).join('|')}> [--build <dir|url>] [--against <host dir|url|config.json>] [--deployed <dir|url>]`,
  );
  process.exit(2);
}

try {
  const against = values.against ?? values.host ?? path.join(root, 'host', 'dist');
  let host;
  let deployed;
  if (against.endsWith('config.json')) {
    const config = await readJson(against);
    // The config sits in the host's assets/ folder.
    const hostRoot = isUrl(against)
      ? new URL('..', against).href
      : path.dirname(path.dirname(path.resolve(against)));
    host = await readManifest(hostRoot);
    const deployedAt = config.remotes?.[remote];
    if (deployedAt && !values.deployed) deployed = await readManifest(deployedAddress(deployedAt, against));
  } else {
    host = await readManifest(against);
  }
  if (values.deployed) deployed = await readManifest(values.deployed);
  const build = await readManifest(values.build ?? path.join(root, REMOTES[remote].dir, 'dist'));
  if (build.name !== remote) throw new Error(`that build is the ${build.name} remote, not ${remote}`);
  console.log(`host:   ${describe(host)}`);
  console.log(`remote: ${describe(build)}`);
  const findings = compareBuilds(host, build);
  if (deployed) {
    console.log(`now:    ${describe(deployed)}`);
    findings.push(...compareEmbedApi(deployed, build));
  }
  const embed = build.metaData?.embedApi;
  if (embed)
    console.log(
      `embed contract: ${embed.version}${deployed ? '' : ' (not compared: give --deployed or a config.json)'}`,
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
