// One rspack + Module Federation configuration for the host and the five remotes, so that every app
// is built, shared and served the same way. Each app's rspack.config.mjs is a call to
// `federatedAppConfig` with its name, port and what it exposes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import semver from 'semver';
import { PrecompressPlugin } from './precompress.mjs';
import { REMOTES } from './remotes.mjs';
import { currentExports, readSnapshot, requiredRange, SHARED_ENTRIES } from './shared-exports.mjs';

const require = createRequire(import.meta.url);
const sharedPackageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sharedPackageJson = require('../package.json');

export { HOST_PORT, REMOTES } from './remotes.mjs';

/**
 * The version range a shared library is required at: from the version installed in the workspace (one for all
 * apps: pnpm-workspace.yaml's catalog), so an app built against a newer one never takes an older one from the
 * page.
 */
const range = (pkg) => {
  if (!sharedPackageJson.dependencies[pkg]) throw new Error(`shared/package.json has no dependency ${pkg}`);
  const installed = path.join(sharedPackageDir, 'node_modules', pkg, 'package.json');
  return `^${JSON.parse(readFileSync(installed, 'utf8')).version}`;
};

const workspaceDir = path.dirname(sharedPackageDir);

/**
 * The shares Module Federation tree-shakes (`treeShaking` of a shared entry, mode 'runtime-infer'): rspack
 * keeps in each app's copy the exports that app uses, and injects that list into the app's federation runtime
 * and its stats manifest (mf-manifest-stats.json, `shared[].usedExports`).
 */
const TREE_SHAKEN = ['antd', 'react-router-dom'];

/** The runtime plugin that lets a remote take its own copy of a tree-shaken share the page's copy is short of. */
const TREE_SHAKEN_SHARES_PLUGIN = path.join(
  sharedPackageDir,
  'src',
  'federation',
  'tree-shaken-shares-plugin.ts',
);

/**
 * What the remotes use of a tree-shaken share, as Module Federation inferred it when each was built (its
 * mf-manifest-stats.json). The host's copy is the page's one copy (one theme, one locale, one router context),
 * so it holds what the whole product uses: the host is built after the remotes (scripts/build-changed.mjs),
 * and a remote that starts using one more export changes the list (README, "Deploying a remote").
 */
function remotesUsedExports(pkg) {
  const names = new Set();
  for (const { dir } of Object.values(REMOTES)) {
    const statsFile = path.join(workspaceDir, dir, 'dist', 'mf-manifest-stats.json');
    if (!existsSync(statsFile)) {
      throw new Error(
        `${statsFile} is missing: build the remotes before the host (pnpm build builds them first)`,
      );
    }
    const share = JSON.parse(readFileSync(statsFile, 'utf8')).shared.find((s) => s.name === pkg);
    for (const name of share?.usedExports ?? []) names.add(name);
  }
  return [...names].sort();
}

/**
 * The names an app's own code imports from each entry of @keuangan/shared, read from rspack's module graph
 * once the app is compiled (its import specifiers, by package name: biome.json forbids reaching into
 * shared/src by path). For `pnpm check:release` and the range the manifest says the app requires.
 */
class SharedEntryImports {
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
 * The modules the host loads from every remote (host/src/remotes/RemoteArea.tsx): a remote that stops exposing
 * one of them cannot ship without a host that no longer asks for it (`pnpm check:release`).
 */
export const HOST_LOADS = ['./routes'];

/**
 * Libraries that must exist once per page (React context, the router, antd's theme and message
 * holders, the session store): all singletons with explicit version ranges. `@keuangan/shared` is the
 * workspace package that holds the session store and the API client, so sharing it is what makes
 * host and remotes see one session; it is shared whole (a newer remote may call any of its functions). Its
 * entries are required at the package's major version here; the manifest states the precise range, from the
 * names the app imports (`SharedEntryImports`, shared/exports.json), for `pnpm check:release`.
 * antd and the router are tree-shaken by Module Federation (`TREE_SHAKEN`) in a production build; a development
 * build shares them whole (its remotes need not be built first).
 * @param {{ isHost: boolean, production: boolean }} options
 */
export const sharedLibraries = ({ isHost, production }) => {
  const major = semver.major(readSnapshot().version);
  /** @param {string} pkg */
  const treeShaken = (pkg) =>
    production
      ? {
          treeShaking: { mode: 'runtime-infer', ...(isHost ? { usedExports: remotesUsedExports(pkg) } : {}) },
        }
      : {};
  return {
    react: { singleton: true, requiredVersion: range('react') },
    'react/jsx-runtime': { singleton: true, requiredVersion: range('react') },
    'react-dom': { singleton: true, requiredVersion: range('react-dom') },
    'react-dom/client': { singleton: true, requiredVersion: range('react-dom') },
    ...Object.fromEntries(
      TREE_SHAKEN.map((pkg) => [pkg, { singleton: true, requiredVersion: range(pkg), ...treeShaken(pkg) }]),
    ),
    zustand: { singleton: true, requiredVersion: range('zustand') },
    // Module-level state (form context, the toast queue): one copy, or a remote's toasts never show.
    'react-hook-form': { singleton: true, requiredVersion: range('react-hook-form') },
    'react-hot-toast': { singleton: true, requiredVersion: range('react-hot-toast') },
    axios: { singleton: true, requiredVersion: range('axios') },
    dayjs: { singleton: true, requiredVersion: range('dayjs') },
    ...Object.fromEntries(
      Object.keys(SHARED_ENTRIES).map((entry) => [
        entry,
        { singleton: true, requiredVersion: `^${major}.0.0` },
      ]),
    ),
  };
};

/**
 * For `pnpm check:release`, in the stats manifest: per entry of @keuangan/shared, the names this build's copy
 * exports and those its own code imports, and the range it requires (the version the newest of those names
 * appeared in). The tree-shaken shares need nothing here: Module Federation writes their `usedExports`.
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

/** The shares an exposed module built as its own bundle (`ownBundle`) still takes from the page: React only. */
const PAGE_SHARES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** Where an import of a share's name goes inside an own bundle: an alias of the same package, no share's name. */
const OWN_PREFIX = '__own_bundle__/';

/**
 * An exposed module that other modules' pages load without our host (billing's `./embed`): it is compiled in a
 * layer of its own, where every share but React is the module's own code, bundled and tree-shaken like a plain
 * app (only the antd components it imports, split into the chunks that use them) instead of the product-wide
 * share copies our host's screens need. The same sources compile once more in that layer; `./routes` and our
 * host are unchanged (docs/decisions.md, "The embedded view is its own bundle").
 * @param {string} appDir
 * @param {string} file the exposed module's path
 * @param {string[]} shareKeys every share of the app
 */
function ownBundle(appDir, file, shareKeys) {
  const layer = 'own-bundle';
  const entry = path.resolve(appDir, file);
  const own = new Set(shareKeys.filter((key) => !PAGE_SHARES.includes(key)));
  return {
    alias: Object.fromEntries([...own].map((key) => [`${OWN_PREFIX}${key}$`, key])),
    rules: [
      { test: (resource) => resource === entry, layer },
      { issuerLayer: layer, layer },
      // shared/package.json marks its files (all but the contract) as having side effects; here only what the
      // module uses is kept (the one file with a side effect, format.ts's dayjs locale, every screen uses).
      { issuerLayer: layer, include: path.join(sharedPackageDir, 'src'), sideEffects: false },
    ],
    plugin: {
      apply(compiler) {
        compiler.hooks.compilation.tap('KeuanganOwnBundle', (_compilation, { normalModuleFactory }) => {
          // Federation replaces an import of a share's name before it is resolved: under another name (an
          // alias of the same package, below) it is an ordinary import.
          normalModuleFactory.hooks.beforeResolve.tap('KeuanganOwnBundle', (data) => {
            if (data.contextInfo.issuerLayer === layer && own.has(data.request)) {
              data.request = `${OWN_PREFIX}${data.request}`;
            }
          });
        });
      },
    },
  };
}

/** The commit a build is made from: KEUANGAN_BUILD_COMMIT (CI), else git's, else 'unknown'. */
function buildCommit() {
  if (process.env.KEUANGAN_BUILD_COMMIT) return process.env.KEUANGAN_BUILD_COMMIT;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: workspaceDir,
      encoding: 'utf8',
    });
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: workspaceDir,
      encoding: 'utf8',
    });
    return `${commit.trim()}${dirty.trim() ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * What a build says about itself, for support and release managers (the host's Tentang page, `pnpm
 * check:release`): the app's package version, the commit, when it was built, and an optional label
 * (KEUANGAN_BUILD_LABEL, e.g. a release name). Remotes carry it in mf-manifest.json's
 * metaData.buildInfo (with `shares`, the names of @keuangan/shared it provides and needs); the host has it
 * compiled in (and in its own manifest).
 */
export function buildInfoOf(appDir) {
  const appPackage = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return {
    buildName: appPackage.name,
    buildVersion: appPackage.version,
    commit: buildCommit(),
    builtAt: new Date().toISOString(),
    label: process.env.KEUANGAN_BUILD_LABEL ?? '',
  };
}

/**
 * One federation runtime per page: the host bundles its core and provides it on the page's global; a
 * production remote's entry only refers to it (32.6 -> 15.0 KB gzip per remote). A remote's own page (the
 * dev server) keeps its own copy, and KEUANGAN_REMOTE_OWN_RUNTIME=1 builds a remote with its own copy for
 * a page that loads it without our host and provides no runtime (README "Deploying a remote").
 */
function federationRuntimeOnce(isRemote, production) {
  if (!isRemote) return { provideExternalRuntime: true };
  const ownRuntime = !production || process.env.KEUANGAN_REMOTE_OWN_RUNTIME === '1';
  return ownRuntime ? {} : { externalRuntime: true };
}

/**
 * The federation plugin imports its bundler runtime as CommonJS (rspack resolves it with `require.resolve`),
 * which pulls the whole federation SDK into every remoteEntry.js; its ES module build (the package's `import`
 * export) lets the bundler keep only what a remote uses once the runtime core comes from the page (none of
 * the SDK). The host, which bundles the core, keeps the CommonJS build (there the ES one adds a partial second
 * copy of the SDK).
 */
function esmBundlerRuntime() {
  const requireFromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const commonJs = requireFromPlugin.resolve('@module-federation/webpack-bundler-runtime');
  const manifest = requireFromPlugin.resolve('@module-federation/webpack-bundler-runtime/package.json');
  const esModule = JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].import.default;
  return { [commonJs]: path.join(path.dirname(manifest), esModule) };
}

/** For `pnpm check:release`: whether a build provides the runtime core, needs it from the page, or has its own. */
const runtimeCoreRole = (options) =>
  options.provideExternalRuntime ? 'provides' : options.externalRuntime ? 'needs' : 'own';

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
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: entry },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputDir,
      // Remotes are served from their own origin: 'auto' loads their chunks from wherever their
      // remoteEntry came from. The host's page is opened at any depth (/employee/edit/5), so its
      // scripts must come from the root, not relative to the URL.
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: `keuangan_${name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      // The tree-shaken shares' full fallback copies are compiled into independent-packages/ first: keep them.
      clean: { keep: /independent-packages/ },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // A remote whose entry refers to the page's runtime core: its own part shrinks (15 -> 10 KB gzip).
      alias: { ...(runtimeOptions.externalRuntime ? esmBundlerRuntime() : {}), ...separate?.alias },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          // The workspace's shared package ships TypeScript source; compile it like the app's own.
          include: [appDir, path.join(sharedPackageDir, 'src')],
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4, edge >= 111' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg)$/, type: 'asset' },
        ...(separate?.rules ?? []),
      ],
    },
    plugins: [
      separate?.plugin,
      federation && sharedEntryImports,
      new rspack.DefinePlugin({ __KEUANGAN_BUILD_INFO__: JSON.stringify(buildInfo) }),
      production && new PrecompressPlugin(),
      new rspack.HtmlRspackPlugin({
        template: path.join(sharedPackageDir, 'build', 'index.ejs'),
        title,
        // The host's page must not wait for anything but its own entry.
        chunks: ['main'],
      }),
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: path.join(appDir, 'public'), noErrorOnMissing: true },
          // A remote run on its own (development) reads the same config file as the host.
          ...(isRemote
            ? [{ from: path.join(workspaceDir, 'host/public/assets/config.json'), to: 'assets/config.json' }]
            : []),
        ],
      }),
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
          manifest: {
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
          },
          dts: false,
          experiments: {
            // Browser-only apps: leave the runtime's Node.js loading code out.
            optimization: { target: 'web' },
            ...runtimeOptions,
          },
        }),
    ].filter(Boolean),
    optimization: { splitChunks: { chunks: 'async' } },
    performance: { hints: false },
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
    },
  };
}
