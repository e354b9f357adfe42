import { describe, expect, it } from 'vitest';
import { compareShares } from '../build/release-check.mjs';

const react = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
const antd = (version = '6.6.8') => ({
  name: 'antd',
  version,
  requiredVersion: `^${version}`,
  singleton: true,
});
/** A manifest whose tree-shaken antd provides and needs the given exports. */
const build = (provides: string[], needs: string[] = provides) => ({
  shared: [react, antd()],
  metaData: { buildInfo: { shares: { antd: { provides, needs } } } },
});

describe('compareShares: can a remote build ship into the deployed host', () => {
  it('same build: nothing to say', () => {
    const side = build(['Button', 'Table']);
    expect(compareShares(side, side)).toEqual([]);
  });

  it('an antd component the host was not built with is an error naming it, for a remote without a fallback', () => {
    const host = build(['Button', 'Table']);
    const remote = build(['Button', 'Rate', 'Table'], ['Button', 'Rate']);
    expect(compareShares(host, remote)).toEqual([
      { level: 'error', share: 'antd', message: expect.stringContaining('lacks Rate') },
    ]);
  });

  it('a remote that loads its own antd when the host lacks a component gets a warning; the router stays an error', () => {
    const host = {
      shared: [react],
      metaData: {
        buildInfo: {
          shares: {
            antd: { provides: ['Button'], needs: [] },
            'react-router-dom': { provides: ['Link'], needs: [] },
          },
        },
      },
    };
    const remote = {
      shared: [react],
      metaData: {
        buildInfo: {
          ownCopyFallback: true,
          shares: {
            antd: { provides: [], needs: ['Rate'] },
            'react-router-dom': { provides: [], needs: ['Await'] },
          },
        },
      },
    };
    expect(compareShares(host, remote)).toEqual([
      { level: 'warning', share: 'antd', message: expect.stringContaining('its own copy of antd') },
      { level: 'error', share: 'react-router-dom', message: expect.stringContaining('lacks Await') },
    ]);
  });

  it('an older remote using fewer components is fine', () => {
    expect(compareShares(build(['Button', 'Table', 'Rate']), build(['Button'], ['Button']))).toEqual([]);
  });

  it('a singleton the host lacks or provides outside the remote range is an error', () => {
    const host = { shared: [antd('6.6.8')] };
    const remote = { shared: [{ ...react }, { ...antd('7.0.0') }] };
    const findings = compareShares(host, remote);
    expect(findings.filter((f) => f.level === 'error').map((f) => f.share)).toEqual(['react', 'antd']);
  });

  it('a remote built with a newer patch than the host asks for is only a warning', () => {
    const host = { shared: [{ ...react, version: '19.3.1', requiredVersion: '~19.3.1' }] };
    const remote = { shared: [{ ...react, version: '19.4.0', requiredVersion: '^19.3.0' }] };
    expect(compareShares(host, remote)).toEqual([
      { level: 'warning', share: 'react', message: expect.stringContaining('outside') },
    ]);
  });

  it("a remote that uses the page's federation runtime needs a host that provides one", () => {
    const withRuntime = (runtimeCore: 'provides' | 'needs' | 'own') => ({
      shared: [react],
      metaData: { buildInfo: { runtimeCore } },
    });
    expect(compareShares(withRuntime('provides'), withRuntime('needs'))).toEqual([]);
    expect(compareShares(withRuntime('own'), withRuntime('own'))).toEqual([]);
    expect(compareShares(withRuntime('provides'), withRuntime('own'))).toEqual([]);
    expect(compareShares(withRuntime('own'), withRuntime('needs'))).toEqual([
      {
        level: 'error',
        share: '@module-federation/runtime-core',
        message: expect.stringContaining('does not provide'),
      },
    ]);
  });
});
