// Whether a remote build can ship into the deployed host without a host rebuild (`pnpm check:release`).
// Both sides are read from their Module Federation manifests (the stats flavour, which also lists the
// exports each tree-shaken share holds, `usedExports`, written by Module Federation, and the names each entry
// of @keuangan/shared provides or needs, the federation
// version each was built with and the modules the host loads from a remote). `compareBuilds` is the whole check.
import semver from 'semver';

/**
 * @typedef {{ name: string, version: string, requiredVersion?: string, singleton?: boolean, usedExports?: string[] }} Share
 * @typedef {{ name: string, path?: string }} Expose
 * @typedef {{ shared: Share[], exposes?: Expose[], metaData?: { pluginVersion?: string, buildInfo?: { runtimeCore?: 'provides' | 'needs' | 'own', ownCopyFallback?: boolean, loads?: string[], shares?: Record<string, { provides: string[], needs: string[] }> } } }} Manifest
 * @typedef {{ level: 'error' | 'warning', share: string, message: string }} Finding
 */

/**
 * A record with each value mapped.
 * @template T, U
 * @param {Record<string, T> | undefined} record
 * @param {(value: T) => U} f
 */
const mapValues = (record, f) => Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, f(v)]));

/**
 * Compares what a remote build needs with what the host build provides. Errors break the page (a second
 * React, a second antd without the product's theme and locale, a missing export); warnings work but
 * deserve a look.
 * @param {Manifest} host
 * @param {Manifest} remote
 * @returns {Finding[]}
 */
export function compareShares(host, remote) {
  /** @type {Finding[]} */
  const findings = [];
  const provided = new Map(host.shared.map((share) => [share.name, share]));
  for (const need of remote.shared) {
    const have = provided.get(need.name);
    if (!have) {
      findings.push({
        level: need.singleton ? 'error' : 'warning',
        share: need.name,
        message: `the host does not share ${need.name}: the remote would run its own copy`,
      });
      continue;
    }
    const range = need.requiredVersion;
    if (range && semver.validRange(range) && !semver.satisfies(have.version, range)) {
      findings.push({
        level: need.singleton ? 'error' : 'warning',
        share: need.name,
        message: `the host provides ${need.name}@${have.version}, the remote requires ${range}`,
      });
    }
    if (
      have.requiredVersion &&
      semver.validRange(have.requiredVersion) &&
      !semver.satisfies(need.version, have.requiredVersion)
    ) {
      findings.push({
        level: 'warning',
        share: need.name,
        message: `the remote was built with ${need.name}@${need.version}, outside the host's ${have.requiredVersion}`,
      });
    }
  }
  // A tree-shaken share (Module Federation's `usedExports` in the stats manifest) holds only the exports the
  // host was built with, and an entry of @keuangan/shared only the names of the host's version: the remote's
  // own code may need more.
  const hostShares = host.metaData?.buildInfo?.shares ?? {};
  const treeShaken = (manifest) =>
    Object.fromEntries(
      manifest.shared
        .filter((share) => share.usedExports?.length)
        .map((share) => [share.name, share.usedExports]),
    );
  const hostTreeShaken = treeShaken(host);
  // (A build from before Module Federation inferred the lists recorded antd's and the router's in `shares`.)
  const needsOf = { ...treeShaken(remote), ...mapValues(remote.metaData?.buildInfo?.shares, (s) => s.needs) };
  for (const [name, needs] of Object.entries(needsOf)) {
    const provides = hostShares[name]?.provides ?? hostTreeShaken[name];
    if (!provides) continue;
    const available = new Set(provides);
    const missing = needs.filter((exported) => !available.has(exported));
    if (missing.length === 0) continue;
    const lacks = `the host's ${name} lacks ${missing.sort().join(', ')}`;
    // antd's own copy works (its screens keep locale and theme); a second router would not see the host's.
    if (name === 'antd' && remote.metaData?.buildInfo?.ownCopyFallback) {
      findings.push({
        level: 'warning',
        share: name,
        message: `${lacks}: the remote will load its own copy of ${name} (more to download); rebuild the host to share it again`,
      });
    } else {
      findings.push({ level: 'error', share: name, message: `${lacks}: rebuild and deploy the host first` });
    }
  }
  // A remote built to use the page's federation runtime needs a host that provides one.
  const remoteRuntime = remote.metaData?.buildInfo?.runtimeCore;
  if (remoteRuntime === 'needs' && host.metaData?.buildInfo?.runtimeCore !== 'provides') {
    findings.push({
      level: 'error',
      share: '@module-federation/runtime-core',
      message:
        "the remote uses the page's federation runtime, which this host does not provide: rebuild the remote with KEUANGAN_REMOTE_OWN_RUNTIME=1, or deploy a newer host first",
    });
  }
  return findings;
}

/**
 * @typedef {{ version: string, props: string[], events: string[] }} EmbedApi
 */

/**
 * The billing build's embed contract against the deployed one (remote-billing README, "Contract and types").
 * @param {{ metaData?: { embedApi?: EmbedApi } }} deployed
 * @param {{ metaData?: { embedApi?: EmbedApi } }} build
 * @param {{ allowBreak?: boolean }} [options]
 * @returns {Finding[]}
 */
export function compareEmbedApi(deployed, build, { allowBreak = false } = {}) {
  const before = deployed.metaData?.embedApi;
  const after = build.metaData?.embedApi;
  if (!before) return [];
  const share = 'billing/embed';
  if (!after) return [{ level: 'error', share, message: 'the build publishes no embed contract (embedApi)' }];
  /** @type {Finding[]} */
  const findings = [];
  const from = semver.parse(before.version);
  const to = semver.parse(after.version);
  if (!from || !to)
    return [{ level: 'error', share, message: `embed contract version not semver: ${after.version}` }];
  if (semver.lt(to, from)) {
    findings.push({
      level: 'error',
      share,
      message: `embed contract ${after.version} is older than deployed ${before.version}`,
    });
  }
  const removed = [
    ...before.props.filter((p) => !after.props.includes(p)).map((p) => `prop ${p}`),
    ...before.events.filter((e) => !after.events.includes(e)).map((e) => `event ${e}`),
  ];
  const added = [
    ...after.props.filter((p) => !before.props.includes(p)).map((p) => `prop ${p}`),
    ...after.events.filter((e) => !before.events.includes(e)).map((e) => `event ${e}`),
  ];
  if (removed.length && to.major <= from.major) {
    findings.push({
      level: 'error',
      share,
      message: `removes ${removed.join(', ')} without a major version (${before.version} -> ${after.version}): the modules embedding the view would break`,
    });
  } else if (removed.length) {
    findings.push({
      level: allowBreak ? 'warning' : 'error',
      share,
      message: allowBreak
        ? `breaks the embed contract (${before.version} -> ${after.version}: removes ${removed.join(', ')}), allowed by --allow-embed-break`
        : `breaks the embed contract (${before.version} -> ${after.version}: removes ${removed.join(', ')}): every module embedding the view must move first; when they have, pass --allow-embed-break`,
    });
  }
  if ((removed.length || added.length) && semver.eq(to, from)) {
    findings.push({
      level: 'error',
      share,
      message: `the embed contract changed under the same version ${after.version}`,
    });
  } else if (added.length && !removed.length && to.major === from.major && to.minor === from.minor) {
    findings.push({ level: 'warning', share, message: `adds ${added.join(', ')} without a minor version` });
  }
  return findings;
}

/**
 * The federation runtime: a remote that runs on the page's runtime (`runtimeCore: 'needs'`) calls it from code
 * generated by its own plugin version, so that version must not be newer than the host's, nor of another major.
 * A remote with its own runtime only shares the page's share scope: another major deserves a look.
 * @param {Manifest} host
 * @param {Manifest} remote
 * @returns {Finding[]}
 */
export function compareRuntime(host, remote) {
  const share = '@module-federation/runtime';
  const hostVersion = semver.valid(host.metaData?.pluginVersion);
  const remoteVersion = semver.valid(remote.metaData?.pluginVersion);
  if (!hostVersion || !remoteVersion) {
    return [
      {
        level: 'warning',
        share,
        message: 'a manifest does not say its federation version: the runtimes were not compared',
      },
    ];
  }
  const onPageRuntime = remote.metaData?.buildInfo?.runtimeCore === 'needs';
  const otherMajor = semver.major(hostVersion) !== semver.major(remoteVersion);
  if (onPageRuntime && (otherMajor || semver.gt(remoteVersion, hostVersion))) {
    return [
      {
        level: 'error',
        share,
        message: `the remote was built with federation ${remoteVersion} to run on the page's runtime, and the host provides ${hostVersion}: deploy a host built with ${remoteVersion} first, or build the remote with KEUANGAN_REMOTE_OWN_RUNTIME=1`,
      },
    ];
  }
  if (otherMajor) {
    return [
      {
        level: 'warning',
        share,
        message: `the remote was built with federation ${remoteVersion}, the host with ${hostVersion}: another major version`,
      },
    ];
  }
  return [];
}

/**
 * The modules the host loads from every remote (`metaData.buildInfo.loads`) against what the remote exposes.
 * @param {Manifest} host
 * @param {Manifest} remote
 * @returns {Finding[]}
 */
export function compareExposes(host, remote) {
  const loads = host.metaData?.buildInfo?.loads;
  if (!loads) return [];
  const plain = (name) => name.replace(/^\.\//, '');
  const exposed = new Set((remote.exposes ?? []).map((expose) => plain(expose.name)));
  return loads
    .filter((module) => !exposed.has(plain(module)))
    .map((module) => ({
      level: 'error',
      share: 'exposes',
      message: `the host loads ${module} from every remote, and this build does not expose it`,
    }));
}

/**
 * Everything that must hold for a remote build to run in the deployed host: shares, runtime, exposed modules.
 * @param {Manifest} host
 * @param {Manifest} remote
 * @returns {Finding[]}
 */
export function compareBuilds(host, remote) {
  return [...compareShares(host, remote), ...compareRuntime(host, remote), ...compareExposes(host, remote)];
}
