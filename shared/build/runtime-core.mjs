// One federation runtime per page: the host bundles its core and provides it on the page's global; a
// production remote's entry only refers to it (README, "Deploying a remote").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The host provides the runtime core; a production remote only refers to it (32.6 -> 15.0 KB gzip per remote).
 * A remote's own page (the dev server) keeps its own copy, and KEUANGAN_REMOTE_OWN_RUNTIME=1 builds a remote
 * with its own copy for a page that loads it without our host and provides no runtime.
 */
export function federationRuntimeOnce(isRemote, production) {
  if (!isRemote) return { provideExternalRuntime: true };
  const ownRuntime = !production || process.env.KEUANGAN_REMOTE_OWN_RUNTIME === '1';
  return ownRuntime ? {} : { externalRuntime: true };
}

/**
 * The ES module build of the federation plugin's bundler runtime, so a remote on the page's runtime core carries
 * none of the SDK; the host keeps CommonJS, where ES would add a second partial SDK (README.md "Measuring").
 */
export function esmBundlerRuntime() {
  const require = createRequire(import.meta.url);
  const requireFromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const commonJs = requireFromPlugin.resolve('@module-federation/webpack-bundler-runtime');
  const manifest = requireFromPlugin.resolve('@module-federation/webpack-bundler-runtime/package.json');
  const esModule = JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].import.default;
  return { [commonJs]: path.join(path.dirname(manifest), esModule) };
}

/** For `pnpm check:release`: whether a build provides the runtime core, needs it from the page, or has its own. */
export const runtimeCoreRole = (options) =>
  options.provideExternalRuntime ? 'provides' : options.externalRuntime ? 'needs' : 'own';
