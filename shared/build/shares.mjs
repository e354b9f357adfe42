// What every app shares with the page (Module Federation's `shared`): the libraries that must exist once per
// page, at the versions the workspace installs (docs/architecture.md, "The shared libraries").
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { SHARED_DIR, WORKSPACE_DIR } from './paths.mjs';
import { REMOTES } from './remotes.mjs';
import { readSnapshot, SHARED_ENTRIES } from './shared-exports.mjs';

const sharedPackageJson = createRequire(import.meta.url)('../package.json');

/**
 * The version range a shared library is required at: from the version installed in the workspace (one for all
 * apps: pnpm-workspace.yaml's catalog), so an app built against a newer one never takes an older one from the
 * page.
 */
const range = (pkg) => {
  if (!sharedPackageJson.dependencies[pkg]) throw new Error(`shared/package.json has no dependency ${pkg}`);
  const installed = path.join(SHARED_DIR, 'node_modules', pkg, 'package.json');
  return `^${JSON.parse(readFileSync(installed, 'utf8')).version}`;
};

/**
 * The shares Module Federation tree-shakes (`treeShaking` of a shared entry, mode 'runtime-infer'): rspack
 * keeps in each app's copy the exports that app uses, and injects that list into the app's federation runtime
 * and its stats manifest (mf-manifest-stats.json, `shared[].usedExports`).
 */
const TREE_SHAKEN = ['antd', 'react-router-dom'];

/** The runtime plugin that lets a remote take its own copy of a tree-shaken share the page's copy is short of. */
export const TREE_SHAKEN_SHARES_PLUGIN = path.join(
  SHARED_DIR,
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
    const statsFile = path.join(WORKSPACE_DIR, dir, 'dist', 'mf-manifest-stats.json');
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
 * Libraries that must exist once per page (docs/architecture.md#the-shared-libraries): singletons with explicit
 * ranges; antd and the router tree-shaken in a production build, shared whole in development.
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
