import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareEmbedApi, compareShares } from '../build/release-check.mjs';

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

describe('compareEmbedApi: does a billing build keep the embed contract the deployed one promised', () => {
  const contract = (
    version: string,
    props = ['baseUrl', 'token', 'studentId'],
    events = ['payment-made'],
  ) => ({
    metaData: { embedApi: { version, props, events } },
  });

  it('the same contract, or one that only adds under a new minor: nothing to say', () => {
    expect(compareEmbedApi(contract('1.1.0'), contract('1.1.0'))).toEqual([]);
    expect(
      compareEmbedApi(contract('1.0.0'), contract('1.1.0', ['baseUrl', 'token', 'studentId', 'onError'])),
    ).toEqual([]);
  });

  it('a prop or event removed or renamed without a major version is an error naming it', () => {
    const renamed = compareEmbedApi(
      contract('1.1.0'),
      contract('1.2.0', ['baseUrl', 'accessToken', 'studentId']),
    );
    expect(renamed).toEqual([
      { level: 'error', share: 'billing/embed', message: expect.stringContaining('removes prop token') },
    ]);
    const event = compareEmbedApi(contract('1.1.0'), contract('1.1.1', undefined, ['paid']));
    expect(event.map((f) => f.message).join()).toContain('removes event payment-made');
    // With a major version it may.
    expect(
      compareEmbedApi(contract('1.1.0'), contract('2.0.0', ['baseUrl', 'accessToken', 'studentId'])),
    ).toEqual([]);
  });

  it('a changed surface under the same version, a version going back, or no contract at all are errors', () => {
    const same = compareEmbedApi(
      contract('1.1.0'),
      contract('1.1.0', ['baseUrl', 'token', 'studentId', 'x']),
    );
    expect(same.map((f) => f.message)).toEqual([expect.stringContaining('under the same version')]);
    expect(compareEmbedApi(contract('1.1.0'), contract('1.0.9')).map((f) => f.level)).toEqual(['error']);
    expect(compareEmbedApi(contract('1.1.0'), { metaData: {} })).toEqual([
      { level: 'error', share: 'billing/embed', message: expect.stringContaining('no embed contract') },
    ]);
  });

  it('an addition without a minor version is a warning; a deployed build without a contract is not compared', () => {
    const added = compareEmbedApi(
      contract('1.1.0'),
      contract('1.1.1', ['baseUrl', 'token', 'studentId', 'x']),
    );
    expect(added).toEqual([
      { level: 'warning', share: 'billing/embed', message: expect.stringContaining('adds prop x') },
    ]);
    expect(compareEmbedApi({ metaData: {} }, contract('1.1.0'))).toEqual([]);
  });
});

describe('pnpm check:release billing --deployed', () => {
  /** A build folder holding only a manifest. */
  const folder = (manifest: object) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    return dir;
  };
  const billing = (version: string, props: string[]) => ({
    name: 'billing',
    shared: [],
    metaData: { embedApi: { version, props, events: ['payment-made'] } },
  });
  const run = (build: string, deployed: string) => {
    const script = path.resolve(import.meta.dirname, '../../scripts/check-release.mjs');
    const host = folder({ name: 'host', shared: [] });
    const answer = spawnSync(
      process.execPath,
      [script, 'billing', '--build', build, '--host', host, '--deployed', deployed],
      {
        encoding: 'utf8',
      },
    );
    return { status: answer.status, out: answer.stdout };
  };

  it('fails a billing build that renames a prop without a major version, naming it; passes with one', () => {
    const deployed = folder(billing('1.1.0', ['baseUrl', 'token']));
    const renamed = run(folder(billing('1.2.0', ['baseUrl', 'accessToken'])), deployed);
    expect(renamed.status).toBe(1);
    expect(renamed.out).toContain('removes prop token');
    expect(renamed.out).toContain('NOT compatible');
    const major = run(folder(billing('2.0.0', ['baseUrl', 'accessToken'])), deployed);
    expect([major.status, major.out.includes('Compatible: this remote can ship')]).toEqual([0, true]);
  });
});
