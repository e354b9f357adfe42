import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAllParts, readRemoteBuild } from '../src/about/buildInfo';

const BUILD = {
  buildName: '@keuangan/remote-fees',
  buildVersion: '0.1.0',
  commit: 'abc1234567',
  builtAt: '2026-11-23T05:00:00.000Z',
  label: 'rilis-2',
};

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('readRemoteBuild: a remote build read from its manifest', () => {
  it('reads metaData.buildInfo', async () => {
    vi.stubGlobal('fetch', answer(200, { metaData: { buildInfo: BUILD } }));
    expect(await readRemoteBuild('http://x/mf-manifest.json')).toEqual({ state: 'ok', build: BUILD });
  });

  it('says why when it cannot: not configured, unreachable, HTTP error, not JSON, no build info', async () => {
    expect(await readRemoteBuild('')).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('config.json'),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await readRemoteBuild('http://x/m.json')).toEqual({
      state: 'failed',
      reason: 'Tidak dapat dihubungi.',
    });
    vi.stubGlobal('fetch', answer(404, 'Not found'));
    expect(await readRemoteBuild('http://x/m.json')).toEqual({
      state: 'failed',
      reason: 'Tidak dapat dimuat (HTTP 404).',
    });
    vi.stubGlobal('fetch', answer(200, '<html>'));
    expect(await readRemoteBuild('http://x/m.json')).toMatchObject({
      reason: 'Manifest bukan JSON yang valid.',
    });
    vi.stubGlobal('fetch', answer(200, { metaData: {} }));
    expect(await readRemoteBuild('http://x/m.json')).toMatchObject({
      reason: 'Manifest tanpa informasi build.',
    });
  });

  it('lists the host first, then the five remotes; one failing remote does not hide the others', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('fees')
          ? new Response('down', { status: 502 })
          : new Response(JSON.stringify({ metaData: { buildInfo: BUILD } })),
      ),
    );
    const remotes = {
      staff: 'http://s/mf-manifest.json',
      fees: 'http://f/fees/mf-manifest.json',
      billing: 'http://b/mf-manifest.json',
      admissions: 'http://a/mf-manifest.json',
      receipts: 'http://r/mf-manifest.json',
    };
    const rows = await readAllParts(remotes);
    expect(rows.map((r) => r.key)).toEqual(['host', 'staff', 'fees', 'billing', 'admissions', 'receipts']);
    expect(rows.map((r) => r.status.state)).toEqual(['ok', 'ok', 'failed', 'ok', 'ok', 'ok']);
  });
});
