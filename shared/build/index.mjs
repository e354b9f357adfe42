// One rspack + Module Federation configuration for the host and the five remotes, so that every app is built,
// shared and served the same way. Each app's rspack.config.mjs is a call to `federatedAppConfig`. The parts:
// rspack-base.mjs, shares.mjs, own-bundle.mjs, runtime-core.mjs, manifest.mjs, build-info.mjs.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { buildInfoOf } from './build-info.mjs';
import { manifestOptions, SharedEntryImports } from './manifest.mjs';
import { ownBundle } from './own-bundle.mjs';
import { rspackBase } from './rspack-base.mjs';
import { esmBundlerRuntime, federationRuntimeOnce } from './runtime-core.mjs';
import { sharedLibraries, TREE_SHAKEN_SHARES_PLUGIN } from './shares.mjs';

export { buildInfoOf } from './build-info.mjs';
export { HOST_LOADS } from './manifest.mjs';
export { HOST_PORT, REMOTES } from './remotes.mjs';
export { sharedLibraries } from './shares.mjs';

/**
 * @param {object} options
 * @param {string} options.name federation name ('host', 'staff', ...)
 * @param {string} options.appDir the app's folder (import.meta.dirname of its config)
 * @param {number} options.port dev-server port
 * @param {Record<string, string>} [options.exposes] remotes: what they expose
 * @param {string[]} [options.runtimePlugins] module federation runtime plugins
 * @param {boolean} [options.federation] false builds one plain bundle (the benchmark's baseline)
 * @param {string} [options.entry] entry module, default ./src/index.ts
 * @param {string} [options.outputDir] default KEUANGAN_OUTPUT_DIR, else <appDir>/dist
 * @param {string} [options.title] the page title (a remote's own page is for development only)
 * @param {object} [options.bridge] Module Federation's React bridge options (a remote that uses the bridge)
 * @param {object} [options.metaData] more of mf-manifest.json's metaData (billing: its embed contract, `embedApi`)
 * @param {string} [options.ownBundle] a key of `exposes` built as its own bundle that shares only React (`ownBundle`)
 */
export function federatedAppConfig({
  name,
  appDir,
  port,
  exposes,
  runtimePlugins = [],
  federation = true,
  entry = './src/index.ts',
  // KEUANGAN_OUTPUT_DIR: a second build of one app beside the first (the release e2e builds a remote twice).
  outputDir = process.env.KEUANGAN_OUTPUT_DIR ?? path.join(appDir, 'dist'),
  title = `Keuangan · ${name}`,
  bridge,
  metaData = {},
  ownBundle: ownBundleExpose,
}) {
  const isRemote = Boolean(exposes);
  const production = process.env.NODE_ENV !== 'development';
  const shared = federation ? sharedLibraries({ isHost: !isRemote, production }) : {};
  const separate = ownBundleExpose ? ownBundle(appDir, exposes[ownBundleExpose], Object.keys(shared)) : null;
  const sharedEntryImports = new SharedEntryImports(appDir);
  const buildInfo = buildInfoOf(appDir);
  const runtimeOptions = federationRuntimeOnce(isRemote, production);
  const base = rspackBase({ name, appDir, port, entry, outputDir, title, isRemote, production, buildInfo });
  return {
    ...base,
    resolve: {
      ...base.resolve,
      // A remote whose entry refers to the page's runtime core: its own part shrinks (15 -> 10 KB gzip).
      alias: { ...(runtimeOptions.externalRuntime ? esmBundlerRuntime() : {}), ...separate?.alias },
    },
    module: { rules: [...base.module.rules, ...(separate?.rules ?? [])] },
    plugins: [
      separate?.plugin,
      federation && sharedEntryImports,
      ...base.plugins,
      federation &&
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          // A remote other modules' pages embed: its entry is a window property, not a `var`, so the view can
          // take it away when it leaves (remote-billing/src/embed/cleanup.ts).
          ...(ownBundleExpose ? { library: { type: 'window', name } } : {}),
          // Remotes are registered at run time from assets/config.json, never baked into the build.
          remotes: {},
          shared,
          // 'loaded-first' reuses what the page already has and does not fetch every remote at boot.
          shareStrategy: 'loaded-first',
          runtimePlugins: [...runtimePlugins, TREE_SHAKEN_SHARES_PLUGIN],
          ...(bridge ? { bridge } : {}),
          // Every app publishes a manifest: what it shares (for `pnpm check:release`) and its build info.
          manifest: manifestOptions({ buildInfo, isRemote, runtimeOptions, sharedEntryImports, metaData }),
          dts: false,
          experiments: {
            // Browser-only apps: leave the runtime's Node.js loading code out.
            optimization: { target: 'web' },
            ...runtimeOptions,
          },
        }),
    ].filter(Boolean),
  };
}
