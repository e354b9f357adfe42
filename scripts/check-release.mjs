// Before shipping a remote on its own: is this build compatible with the deployed host? Its options and what it
// compares: README.md "Deploying a remote", step 2 (the usage below prints them too).
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

/** The deployed host's config file for `against`: itself, or assets/config.json in the folder or at the address. */
function configOf(against) {
  if (against.endsWith('.json')) return against;
  if (isUrl(against)) return new URL('assets/config.json', `${against.replace(/\/+$/, '')}/`).href;
  return path.join(against, 'assets', 'config.json');
}

/** The host's root for a config file (the config sits in its assets/ folder). */
const hostRootOf = (configAt) =>
  isUrl(configAt) ? new URL('..', configAt).href : path.dirname(path.dirname(path.resolve(configAt)));

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
    'allow-embed-break': { type: 'boolean' },
  },
});
const remote = positionals[0];
if (!remote || !REMOTES[remote]) {
  console.error(
    `usage: pnpm check:release <${Object.keys(REMOTES).join('|')}> [--build <dir|url>] [--against <host dir|url|config.json>] [--deployed <dir|url>] [--allow-embed-break]`,
  );
  process.exit(2);
}

try {
  const given = values.against ?? values.host;
  let host;
  let deployed;
  let deployedFrom = '';
  if (given) {
    const configAt = configOf(given);
    // A host folder or address without a config file is still a host: only the deployed remote stays unknown.
    const config = await readJson(configAt).catch((error) => {
      if (given.endsWith('.json')) throw error;
      return null;
    });
    host = await readManifest(given.endsWith('.json') ? hostRootOf(configAt) : given);
    const deployedAt = config?.remotes?.[remote];
    if (deployedAt && !values.deployed) {
      deployed = await readManifest(deployedAddress(deployedAt, configAt));
      deployedFrom = `named by ${configAt}`;
    } else if (!values.deployed) {
      deployedFrom = config ? `${configAt} names no ${remote}` : `no config file at ${configAt}`;
    }
  } else {
    host = await readManifest(path.join(root, 'host', 'dist'));
    deployedFrom = 'no --against given (the local host/dist is no deployment)';
  }
  if (values.deployed) deployed = await readManifest(values.deployed);
  const build = await readManifest(values.build ?? path.join(root, REMOTES[remote].dir, 'dist'));
  if (build.name !== remote) throw new Error(`that build is the ${build.name} remote, not ${remote}`);
  console.log(`host:   ${describe(host)}`);
  console.log(`remote: ${describe(build)}`);
  const findings = compareBuilds(host, build);
  if (deployed) console.log(`now:    ${describe(deployed)}`);
  const embed = build.metaData?.embedApi;
  if (embed || deployed?.metaData?.embedApi) {
    if (deployed) {
      console.log(
        `embed contract: ${embed?.version ?? 'none'} (deployed ${deployed.metaData?.embedApi?.version ?? 'none'})`,
      );
      findings.push(...compareEmbedApi(deployed, build, { allowBreak: values['allow-embed-break'] }));
    } else {
      // Never "Compatible" without having compared the contract the embedding modules rely on.
      findings.push({
        level: 'error',
        share: 'billing/embed',
        message: `embed contract ${embed?.version} not compared: no deployed ${remote} found (${deployedFrom}); give --against <deployed host> or --deployed <${remote} as deployed>`,
      });
    }
  }
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
