// Whether a remote build can ship into the deployed host without a host rebuild (`pnpm check:release`).
// Both sides are read from their Module Federation manifests (the stats flavour, which also lists the
// exports each tree-shaken share provides or needs).
import semver from 'semver';

/**
 * @typedef {{ name: string, version: string, requiredVersion?: string, singleton?: boolean }} Share
 * @typedef {{ shared: Share[], metaData?: { buildInfo?: { runtimeCore?: 'provides' | 'needs' | 'own', ownCopyFallback?: boolean, shares?: Record<string, { provides: string[], needs: string[] }> } } }} Manifest
 * @typedef {{ level: 'error' | 'warning', share: string, message: string }} Finding
 */

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
  // A tree-shaken share holds only the exports the host was built with: the remote's own code may need more.
  const hostShares = host.metaData?.buildInfo?.shares ?? {};
  for (const [name, { needs }] of Object.entries(remote.metaData?.buildInfo?.shares ?? {})) {
    const provides = hostShares[name]?.provides;
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
