// Every app's mf-manifest.json: what it shares and needs of @keuangan/shared, its build info and its runtime
// core, for `pnpm check:release` (README, "Deploying a remote").
import path from 'node:path';
import { runtimeCoreRole } from './runtime-core.mjs';
import { currentExports, readSnapshot, requiredRange, SHARED_ENTRIES } from './shared-exports.mjs';

/**
 * The modules the host loads from every remote (host/src/remotes/RemoteArea.tsx): a remote that stops exposing
 * one of them cannot ship without a host that no longer asks for it (`pnpm check:release`).
 */
export const HOST_LOADS = ['./routes'];

/**
 * The names an app's own code imports from each entry of @keuangan/shared, read from rspack's module graph
 * once the app is compiled (its import specifiers, by package name: biome.json forbids reaching into
 * shared/src by path). For `pnpm check:release` and the range the manifest says the app requires.
 */
export class SharedEntryImports {
  /** @param {string} appDir */
  constructor(appDir) {
    this.appDir = appDir;
    /** @type {Record<string, Set<string>>} */
    this.names = {};
  }

  apply(compiler) {
    // Module Federation builds the tree-shaken shares' fallbacks with the app's plugins: only the app counts.
    if (this.compiler) return;
    this.compiler = compiler;
    compiler.hooks.thisCompilation.tap('KeuanganSharedEntryImports', (compilation) => {
      compilation.hooks.finishModules.tap('KeuanganSharedEntryImports', (modules) => {
        this.names = Object.fromEntries(Object.keys(SHARED_ENTRIES).map((entry) => [entry, new Set()]));
        for (const module of modules) {
          const resource = module.nameForCondition?.();
          if (!resource?.startsWith(this.appDir + path.sep) || /[\\/]node_modules[\\/]/.test(resource))
            continue;
          for (const dependency of module.dependencies) {
            const names = this.names[dependency.request ?? ''];
            const [name] = dependency.ids ?? [];
            if (names && name && name !== 'default') names.add(name);
          }
        }
      });
    });
  }

  /** @returns {Record<string, string[]>} */
  get needs() {
    return Object.fromEntries(Object.entries(this.names).map(([entry, names]) => [entry, [...names].sort()]));
  }
}

/**
 * Per entry of @keuangan/shared, the names this copy exports, those its code imports and the range it requires
 * (tree-shaken shares need nothing here: Module Federation writes their `usedExports`).
 * @param {{ shared: { name: string, requiredVersion?: string }[] }} stats
 * @param {Record<string, string[]>} needs
 */
function describeSharedEntries(stats, needs) {
  const snapshot = readSnapshot();
  const provided = currentExports();
  for (const share of stats.shared) {
    if (needs[share.name]) share.requiredVersion = requiredRange(snapshot, share.name, needs[share.name]);
  }
  return Object.fromEntries(
    Object.keys(SHARED_ENTRIES).map((entry) => [
      entry,
      { provides: provided[entry] ?? [], needs: needs[entry] },
    ]),
  );
}

/**
 * The federation plugin's `manifest` option.
 * @param {object} options
 * @param {object} options.buildInfo build-info.mjs's `buildInfoOf`
 * @param {boolean} options.isRemote
 * @param {object} options.runtimeOptions runtime-core.mjs's `federationRuntimeOnce`
 * @param {SharedEntryImports} options.sharedEntryImports
 * @param {object} options.metaData more of metaData (billing: its embed contract, `embedApi`)
 */
export const manifestOptions = ({ buildInfo, isRemote, runtimeOptions, sharedEntryImports, metaData }) => ({
  fileName: 'mf-manifest.json',
  additionalData: ({ stats }) => {
    stats.metaData.buildInfo = {
      ...stats.metaData.buildInfo,
      ...buildInfo,
      shares: describeSharedEntries(stats, sharedEntryImports.needs),
      // What the host asks every remote to expose.
      ...(isRemote ? {} : { loads: HOST_LOADS }),
      runtimeCore: runtimeCoreRole(runtimeOptions),
      // A remote falls back to its own copy of a tree-shaken share its host is short of.
      ownCopyFallback: isRemote,
    };
    Object.assign(stats.metaData, metaData);
    return stats;
  },
});
