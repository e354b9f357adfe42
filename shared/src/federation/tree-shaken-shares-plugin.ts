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
 * Every app's runtime plugin: a remote takes the page's tree-shaken antd or router only if that copy holds every
 * export the remote uses, else it loads its own, since the runtime does not compare the lists for a singleton and a
 * missing export crashes the screen (README.md "Deploying a remote", Version skew).
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
