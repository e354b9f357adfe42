// @vitest-environment node
// (The build's modules, which read the sources with esbuild, refuse to run under jsdom.)
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HOST_LOADS } from '../build/index.mjs';
import {
  compareBuilds,
  compareEmbedApi,
  compareExposes,
  compareRuntime,
  compareShares,
} from '../build/release-check.mjs';

const react = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
const antd = (version = '6.6.8') => ({
  name: 'antd',
  version,
  requiredVersion: `^${version}`,
  singleton: true,
});
/**
 * A stats manifest whose antd, tree-shaken by Module Federation, holds the given exports (`usedExports`): what
 * a remote's own code uses, or for the host what the whole product uses.
 */
const build = (usedExports: string[]) => ({ shared: [react, { ...antd(), usedExports }] });

describe('compareShares: can a remote build ship into the deployed host', () => {
  it('same build: nothing to say', () => {
    const side = build(['Button', 'Table']);
    expect(compareShares(side, side)).toEqual([]);
  });

  it('an antd component the host was not built with is an error naming it, for a remote without a fallback', () => {
    const host = build(['Button', 'Table']);
    const remote = build(['Button', 'Rate']);
    expect(compareShares(host, remote)).toEqual([
      { level: 'error', share: 'antd', message: expect.stringContaining('lacks Rate') },
    ]);
  });

  it('a remote that loads its own antd when the host lacks a component gets a warning; the router stays an error', () => {
    const router = { name: 'react-router-dom', version: '7.18.5', singleton: true };
    const host = {
      shared: [react, { ...antd(), usedExports: ['Button'] }, { ...router, usedExports: ['Link'] }],
    };
    const remote = {
      shared: [react, { ...antd(), usedExports: ['Rate'] }, { ...router, usedExports: ['Await'] }],
      metaData: { buildInfo: { ownCopyFallback: true } },
    };
    expect(compareShares(host, remote)).toEqual([
      { level: 'warning', share: 'antd', message: expect.stringContaining('its own copy of antd') },
      { level: 'error', share: 'react-router-dom', message: expect.stringContaining('lacks Await') },
    ]);
  });

  it('an older remote using fewer components is fine', () => {
    expect(compareShares(build(['Button', 'Table', 'Rate']), build(['Button']))).toEqual([]);
  });

  it('a host built before Module Federation inferred the lists (its `shares`) is compared the same way', () => {
    const host = {
      shared: [react, antd()],
      metaData: { buildInfo: { shares: { antd: { provides: ['Button'], needs: [] } } } },
    };
    expect(compareShares(host, build(['Button', 'Rate']))).toEqual([
      { level: 'error', share: 'antd', message: expect.stringContaining('lacks Rate') },
    ]);
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
    // With a major version too, unless the release manager says the embedding modules have moved.
    const major = contract('2.0.0', ['baseUrl', 'accessToken', 'studentId']);
    expect(compareEmbedApi(contract('1.1.0'), major)).toEqual([
      { level: 'error', share: 'billing/embed', message: expect.stringContaining('--allow-embed-break') },
    ]);
    expect(compareEmbedApi(contract('1.1.0'), major, { allowBreak: true })).toEqual([
      { level: 'warning', share: 'billing/embed', message: expect.stringContaining('removes prop token') },
    ]);
    // A major version that removes nothing needs no permission.
    expect(compareEmbedApi(contract('1.1.0'), contract('2.0.0'))).toEqual([]);
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
  const run = (build: string, deployed: string, ...more: string[]) => {
    const script = path.resolve(import.meta.dirname, '../../scripts/check-release.mjs');
    const host = folder({ name: 'host', shared: [] });
    const answer = spawnSync(
      process.execPath,
      [script, 'billing', '--build', build, '--host', host, '--deployed', deployed, ...more],
      {
        encoding: 'utf8',
      },
    );
    return { status: answer.status, out: answer.stdout };
  };

  it('fails a billing build that renames a prop, naming it; a major version passes only when allowed', () => {
    const deployed = folder(billing('1.1.0', ['baseUrl', 'token']));
    const renamed = run(folder(billing('1.2.0', ['baseUrl', 'accessToken'])), deployed);
    expect(renamed.status).toBe(1);
    expect(renamed.out).toContain('removes prop token');
    expect(renamed.out).toContain('NOT compatible');
    const majorBuild = folder(billing('2.0.0', ['baseUrl', 'accessToken']));
    const major = run(majorBuild, deployed);
    expect([major.status, major.out]).toEqual([1, expect.stringContaining('--allow-embed-break')]);
    const allowed = run(majorBuild, deployed, '--allow-embed-break');
    expect([allowed.status, allowed.out.includes('Compatible: this remote can ship')]).toEqual([0, true]);
  });
});

describe('compareBuilds: @keuangan/shared, the federation runtime and the exposed modules', () => {
  /** A host or remote whose @keuangan/shared is `version`, required at `range`, providing and needing names. */
  const withShared = (
    version: string,
    range: string,
    provides: string[],
    needs: string[],
    runtimeCore: 'provides' | 'needs' = 'needs',
  ) => ({
    shared: [react, { name: '@keuangan/shared', version, requiredVersion: range, singleton: true }],
    exposes: [{ name: 'routes', path: './routes' }],
    metaData: {
      pluginVersion: '2.9.2',
      buildInfo: {
        runtimeCore,
        loads: ['./routes'],
        shares: { '@keuangan/shared': { provides, needs } },
      },
    },
  });

  it('a remote using a shared export the deployed host lacks (formatPercent) is not compatible, naming it and the versions', () => {
    const host = withShared('1.0.0', '^1.0.0', ['apiGet', 'rupiahText'], ['apiGet'], 'provides');
    const remote = withShared(
      '1.1.0',
      '^1.1.0',
      ['apiGet', 'formatPercent', 'rupiahText'],
      ['formatPercent'],
    );
    expect(compareBuilds(host, remote)).toEqual([
      {
        level: 'error',
        share: '@keuangan/shared',
        message: 'the host provides @keuangan/shared@1.0.0, the remote requires ^1.1.0',
      },
      {
        level: 'error',
        share: '@keuangan/shared',
        message: "the host's @keuangan/shared lacks formatPercent: rebuild and deploy the host first",
      },
    ]);
  });

  it('a remote built with a newer shared package that uses only what the host has is compatible', () => {
    const host = withShared('1.0.0', '^1.0.0', ['apiGet', 'rupiahText'], ['apiGet'], 'provides');
    const remote = withShared('1.1.0', '^1.0.0', ['apiGet', 'formatPercent', 'rupiahText'], ['rupiahText']);
    expect(compareBuilds(host, remote)).toEqual([]);
  });

  it("a remote on the page's runtime built with a newer or another major federation is an error; its own runtime only warns", () => {
    const side = (pluginVersion: string | undefined, runtimeCore: 'provides' | 'needs' | 'own') => ({
      shared: [],
      metaData: { pluginVersion, buildInfo: { runtimeCore } },
    });
    expect(compareRuntime(side('2.9.2', 'provides'), side('2.9.2', 'needs'))).toEqual([]);
    expect(compareRuntime(side('2.9.2', 'provides'), side('2.8.0', 'needs'))).toEqual([]);
    expect(compareRuntime(side('2.9.2', 'provides'), side('2.10.0', 'needs'))).toEqual([
      {
        level: 'error',
        share: '@module-federation/runtime',
        message: expect.stringContaining('built with federation 2.10.0'),
      },
    ]);
    expect(compareRuntime(side('3.0.0', 'provides'), side('2.9.2', 'needs')).map((f) => f.level)).toEqual([
      'error',
    ]);
    expect(compareRuntime(side('3.0.0', 'provides'), side('2.9.2', 'own')).map((f) => f.level)).toEqual([
      'warning',
    ]);
    expect(compareRuntime(side(undefined, 'provides'), side('2.9.2', 'needs'))).toEqual([
      {
        level: 'warning',
        share: '@module-federation/runtime',
        message: expect.stringContaining('not compared'),
      },
    ]);
  });

  it('a remote that stops exposing a module the host loads is an error naming it', () => {
    const host = { shared: [], metaData: { buildInfo: { loads: ['./routes'] } } };
    expect(compareExposes(host, { shared: [], exposes: [{ name: 'routes' }] })).toEqual([]);
    expect(compareExposes(host, { shared: [], exposes: [{ name: './routes' }] })).toEqual([]);
    expect(compareExposes(host, { shared: [], exposes: [{ name: 'pages' }] })).toEqual([
      { level: 'error', share: 'exposes', message: expect.stringContaining('loads ./routes') },
    ]);
  });

  it('HOST_LOADS names what the host really loads from a remote', () => {
    const source = readFileSync(
      path.join(import.meta.dirname, '..', '..', 'host', 'src', 'remotes', 'RemoteArea.tsx'),
      'utf8',
    );
    const loaded = [...source.matchAll(/loadRemote<[^>]*>\(`\$\{remote\}\/([\w-]+)`\)/g)].map(
      (match) => `./${match[1]}`,
    );
    expect(loaded).toEqual(HOST_LOADS);
  });
});

describe('pnpm check:release --against <deployed config.json>', () => {
  /** Serves `files` (path -> JSON) on 127.0.0.1 while `use` runs. */
  async function serving<T>(files: Record<string, object>, use: (origin: string) => Promise<T>) {
    const server = http.createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (body) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
  const billing = (version: string, props: string[], sharedVersion = '1.0.0') => ({
    name: 'billing',
    shared: [
      {
        name: '@keuangan/shared',
        version: sharedVersion,
        requiredVersion: `^${sharedVersion}`,
        singleton: true,
      },
    ],
    metaData: { embedApi: { version, props, events: ['payment-made'] } },
  });
  const host = {
    name: 'host',
    shared: [{ name: '@keuangan/shared', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true }],
  };
  const script = path.resolve(import.meta.dirname, '../../scripts/check-release.mjs');
  /** Runs the script (asynchronously: the fixture's server answers from this process). */
  const check = async (build: object, origin: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(build));
    const args = [script, 'billing', '--build', dir, '--against', `${origin}/assets/config.json`];
    return promisify(execFile)(process.execPath, args, { encoding: 'utf8' }).then(
      ({ stdout }) => ({ status: 0, out: stdout }),
      (error: { code: number; stdout: string }) => ({ status: error.code, out: error.stdout }),
    );
  };
  const deployment = {
    '/assets/config.json': { remotes: { billing: '/billing/mf-manifest.json' } },
    '/mf-manifest.json': host,
    '/billing/mf-manifest.json': billing('1.1.0', ['baseUrl', 'token']),
  };

  it('reads the host beside the config and the deployed billing it names: a renamed prop fails', async () => {
    const renamed = await serving(deployment, (origin) =>
      check(billing('1.2.0', ['baseUrl', 'accessToken']), origin),
    );
    expect(renamed.status).toBe(1);
    expect(renamed.out).toContain('now:    billing');
    expect(renamed.out).toContain('removes prop token');
  });

  it('a build needing a newer shared package than the deployed host has fails; the same build passes', async () => {
    const newer = await serving(deployment, (origin) =>
      check(billing('1.1.0', ['baseUrl', 'token'], '1.1.0'), origin),
    );
    expect([newer.status, newer.out]).toEqual([1, expect.stringContaining('requires ^1.1.0')]);
    const same = await serving(deployment, (origin) => check(billing('1.1.0', ['baseUrl', 'token']), origin));
    expect([same.status, same.out]).toEqual([0, expect.stringContaining('Compatible')]);
  });

  /** Runs the script with `args` after the remote's name (asynchronously: the fixture's server is this process). */
  const checkWith = (build: object, ...args: string[]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(build));
    return promisify(execFile)(process.execPath, [script, 'billing', '--build', dir, ...args], {
      encoding: 'utf8',
    }).then(
      ({ stdout }) => ({ status: 0, out: stdout }),
      (error: { code: number; stdout: string }) => ({ status: error.code, out: error.stdout }),
    );
  };
  /** A deployed host's folder: its manifest, and its config naming the billing served at `origin`. */
  const hostFolder = (origin: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'host-'));
    mkdirSync(path.join(dir, 'assets'));
    const remotes = { billing: `${origin}/billing/mf-manifest.json` };
    writeFileSync(path.join(dir, 'assets', 'config.json'), JSON.stringify({ remotes }));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(host));
    return dir;
  };
  const renamedBuild = billing('1.2.0', ['baseUrl', 'accessToken']);
  const sameBuild = billing('1.1.0', ['baseUrl', 'token']);

  it('every form compares the embed contract: the host folder, the host address, the config, the remote folder', async () => {
    const results = await serving(deployment, async (origin) => {
      const deployedFolder = mkdtempSync(path.join(tmpdir(), 'billing-'));
      writeFileSync(
        path.join(deployedFolder, 'mf-manifest.json'),
        JSON.stringify(billing('1.1.0', ['baseUrl', 'token'])),
      );
      const forms = {
        'host folder': ['--against', hostFolder(origin)],
        'host address': ['--against', origin],
        'config address': ['--against', `${origin}/assets/config.json`],
        'remote folder': ['--against', origin, '--deployed', deployedFolder],
      };
      const out: Record<string, { renamed: { status: number; out: string }; same: { status: number } }> = {};
      for (const [form, args] of Object.entries(forms)) {
        out[form] = {
          renamed: await checkWith(renamedBuild, ...args),
          same: await checkWith(sameBuild, ...args),
        };
      }
      return out;
    });
    for (const [form, { renamed, same }] of Object.entries(results)) {
      expect([form, renamed.status], renamed.out).toEqual([form, 1]);
      expect(renamed.out, form).toContain('removes prop token');
      expect(renamed.out, form).not.toContain('Compatible:');
      expect([form, same.status]).toEqual([form, 0]);
    }
  }, 300_000); // eight runs of the script

  it('without --against (the local host/dist, no deployment) a billing build is never called compatible', async () => {
    // host/dist built: "no --against given", exit 1; not built: "no manifest", exit 2.
    const bare = await checkWith(sameBuild);
    expect(bare.status).not.toBe(0);
    expect(bare.out).not.toContain('Compatible:');
  });

  it('a host with no billing deployed is no comparison: refused, saying where it looked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'host-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'config.json'), JSON.stringify({ remotes: {} }));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(host));
    const build = mkdtempSync(path.join(tmpdir(), 'release-'));
    writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify(billing('1.1.0', ['token'])));
    const args = [script, 'billing', '--build', build, '--against', path.join(dir, 'assets', 'config.json')];
    const none = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect([none.status, none.stdout]).toEqual([1, expect.stringContaining('names no billing')]);
    expect(none.stdout).not.toContain('Compatible:');
    const empty = mkdtempSync(path.join(tmpdir(), 'host-'));
    const missing = spawnSync(process.execPath, [script, 'billing', '--build', build, '--against', empty], {
      encoding: 'utf8',
    });
    expect([missing.status, missing.stderr]).toEqual([2, expect.stringContaining(`no manifest in ${empty}`)]);
  });
});
