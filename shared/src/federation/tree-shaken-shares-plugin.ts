import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Per tree-shaken share, the names this remote's own code imports from it (shared/build, at build time). */
declare const __KEUANGAN_OWN_NEEDS__: Record<string, string[]>;

type ShareChoice = {
  shared?: { lib?: () => unknown; treeShaking?: { lib?: () => unknown } };
  useTreesShaking?: boolean;
};

/**
 * A remote's runtime plugin (shared/build adds it to every remote). antd and the router are shared
 * tree-shaken to what the host was built with. A remote released later may import one more antd component:
 * the host's copy would hand it `undefined` and the screen would crash. So before taking the page's copy of a
 * tree-shaken share, check that it has every name this remote imports; if not, the remote loads its own copy
 * (its screens keep the locale and theme through `withOwnAntd`). Everything else resolves as before.
 */
export default function treeShakenSharesPlugin(): ModuleFederationRuntimePlugin {
  const needsOf = typeof __KEUANGAN_OWN_NEEDS__ === 'undefined' ? {} : __KEUANGAN_OWN_NEEDS__;
  return {
    name: 'keuangan-tree-shaken-shares',
    resolveShare(args) {
      const needs = needsOf[args.pkgName];
      if (!needs?.length) return args;
      const resolve = args.resolver;
      args.resolver = () => {
        const choice = resolve() as ShareChoice | undefined;
        const lib = choice?.useTreesShaking ? choice.shared?.treeShaking?.lib : choice?.shared?.lib;
        // Not loaded yet: nothing to check against; whoever loads it first is the page's copy.
        if (typeof lib !== 'function') return choice as ReturnType<typeof resolve>;
        const exported = lib() as Record<string, unknown> | undefined;
        const complete = needs.every((name) => exported?.[name] !== undefined);
        return (complete ? choice : undefined) as ReturnType<typeof resolve>;
      };
      return args;
    },
  };
}
