import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The bundler's require; Module Federation's tree shaking puts on it, per tree-shaken share, the exports this
 * build's code uses (`injectTreeShakingUsedExports`, on by default).
 */
declare const __webpack_require__: { federation?: { usedExports?: Record<string, string[]> } };

type TreeShaking = { usedExports?: string[] };
type ShareChoice = { shared?: { treeShaking?: TreeShaking }; useTreesShaking?: boolean };

/** What this build uses of each tree-shaken share, as Module Federation inferred it at build time. */
const ownUsedExports = () =>
  (typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__.federation?.usedExports) ??
  {};

/**
 * Every app's runtime plugin (shared/build adds it). antd and the router are shared with Module Federation's
 * tree shaking: each app's copy holds what that app uses, and the host's copy what the whole product uses (the
 * remotes' own lists, from their manifests, at the host's build). The runtime takes the page's tree-shaken
 * copy for a singleton without comparing export lists, and a remote released later may use one more antd
 * component: the page's copy would hand it `undefined` and the screen would crash. So:
 * - each app records on the copies it provides the exports they hold (the list Module Federation injected);
 * - before a remote takes the page's tree-shaken copy, the exports it uses (Module Federation's list, in the
 *   request) must all be in that copy's list; if not, the remote loads its own copy (its screens keep the
 *   locale and theme through `withOwnAntd`), as Module Federation does for a copy of another version.
 */
export default function treeShakenSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'keuangan-tree-shaken-shares',
    beforeInit(args) {
      const used = ownUsedExports();
      for (const [pkgName, shares] of Object.entries(args.userOptions.shared ?? {})) {
        const usedExports = used[pkgName];
        if (!usedExports) continue;
        for (const share of Array.isArray(shares) ? shares : [shares]) {
          const treeShaking = (share as { treeShaking?: TreeShaking }).treeShaking;
          if (treeShaking) treeShaking.usedExports = usedExports;
        }
      }
      return args;
    },
    resolveShare(args) {
      const needs = (args.shareInfo.treeShaking as TreeShaking | undefined)?.usedExports;
      if (!needs?.length) return args;
      const resolve = args.resolver;
      args.resolver = () => {
        const choice = resolve() as ShareChoice | undefined;
        const provides = choice?.useTreesShaking ? choice.shared?.treeShaking?.usedExports : undefined;
        // The page's full copy, or a copy that does not say what it holds: take it, as the runtime would.
        if (!provides) return choice as ReturnType<typeof resolve>;
        const complete = needs.every((name) => provides.includes(name));
        return (complete ? choice : undefined) as ReturnType<typeof resolve>;
      };
      return args;
    },
  };
}
