import { afterEach, describe, expect, it } from 'vitest';
import treeShakenSharesPlugin from '../src/federation/tree-shaken-shares-plugin';

type Hook = (args: unknown) => unknown;
const hooks = () => treeShakenSharesPlugin() as unknown as { beforeInit: Hook; resolveShare: Hook };

/** What the runtime's resolver picks: the page's tree-shaken antd, holding `provides`. */
const pageCopy = (provides?: string[]) => ({
  shared: { from: 'host', treeShaking: provides ? { usedExports: provides } : {} },
  useTreesShaking: true,
});

/** The plugin's answer for a remote that uses `needs` of antd, when the runtime would pick `choice`. */
function resolve(needs: string[] | undefined, choice: unknown) {
  const args = {
    pkgName: 'antd',
    shareInfo: { treeShaking: needs ? { usedExports: needs } : undefined },
    resolver: () => choice,
  };
  const { resolver } = hooks().resolveShare(args) as typeof args;
  return resolver();
}

describe('the tree-shaken shares runtime plugin', () => {
  afterEach(() => {
    delete (globalThis as { __webpack_require__?: unknown }).__webpack_require__;
  });

  it('records on the copies an app provides the exports Module Federation kept in them', () => {
    (globalThis as { __webpack_require__?: unknown }).__webpack_require__ = {
      federation: { usedExports: { antd: ['Button', 'Table'] } },
    };
    const antd = { version: '6.6.8', treeShaking: { mode: 'runtime-infer' } };
    const react = { version: '19.3.1' };
    hooks().beforeInit({ userOptions: { shared: { antd: [antd], react: [react] } } });
    expect(antd.treeShaking).toEqual({ mode: 'runtime-infer', usedExports: ['Button', 'Table'] });
    expect(react).toEqual({ version: '19.3.1' });
  });

  it("takes the page's copy when it holds every export the remote uses", () => {
    const choice = pageCopy(['Button', 'Form', 'Table']);
    expect(resolve(['Button', 'Table'], choice)).toBe(choice);
  });

  it("refuses the page's copy when it lacks one export (a remote released later): the remote loads its own", () => {
    expect(resolve(['Button', 'Rate'], pageCopy(['Button', 'Table']))).toBeUndefined();
  });

  it('takes a full copy, a copy without a list, or anything for a build that says nothing, as the runtime would', () => {
    const full = { shared: { from: 'host' }, useTreesShaking: false };
    expect(resolve(['Rate'], full)).toBe(full);
    const unlisted = pageCopy();
    expect(resolve(['Rate'], unlisted)).toBe(unlisted);
    const any = pageCopy(['Button']);
    expect(resolve(undefined, any)).toBe(any);
  });
});
