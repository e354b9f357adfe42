// An exposed module built as its own bundle that takes only React from the page (billing's `./embed`:
// docs/decisions.md, "The embedded view is its own bundle").
import path from 'node:path';
import { SHARED_DIR } from './paths.mjs';

/** The shares an exposed module built as its own bundle (`ownBundle`) still takes from the page: React only. */
const PAGE_SHARES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** Where an import of a share's name goes inside an own bundle: an alias of the same package, no share's name. */
const OWN_PREFIX = '__own_bundle__/';

/**
 * A module for others' pages (billing's `./embed`), in a layer sharing only React (remote-billing README).
 * @param {string} appDir
 * @param {string} file the exposed module's path
 * @param {string[]} shareKeys every share of the app
 */
export function ownBundle(appDir, file, shareKeys) {
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
      { issuerLayer: layer, include: path.join(SHARED_DIR, 'src'), sideEffects: false },
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
