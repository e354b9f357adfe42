/**
 * How the builds are served (README "Serving and caching"), as a browser and a CDN see it: the pages and what moves
 * on a release are revalidated, hashed chunks are immutable, text comes compressed, and a config.json edited on
 * the server is served as it now is, whatever its new length.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
// The very server `pnpm serve` and `pnpm start` run.
import { createStaticAppServer, listen } from '../../scripts/lib/static-app.mjs';
import { ACCOUNTS, API, apiToken } from './helpers';
import { PORTS } from './ports';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOST = `http://127.0.0.1:${PORTS.host}`;
const BILLING = `http://127.0.0.1:${PORTS.billing}`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as sent, its answer as received: no decompression, the exact headers. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const REVALIDATE = 'no-cache';
const FOREVER = 'public, max-age=31536000, immutable';

test('pages, config, manifests and entries are revalidated; hashed chunks are immutable; text is compressed', async ({
  request,
}) => {
  for (const route of ['/', '/login', '/student-billing/show/1', '/index.html']) {
    const page = await rawGet(`${HOST}${route}`);
    expect(page.status, route).toBe(200);
    expect(page.headers['content-type'], route).toContain('text/html');
    expect(page.headers['cache-control'], route).toBe(REVALIDATE);
  }
  const config = await rawGet(`${HOST}/assets/config.json`);
  expect(config.headers['cache-control']).toBe(REVALIDATE);
  const manifest = await rawGet(`${BILLING}/mf-manifest.json`);
  expect(manifest.headers['cache-control']).toBe(REVALIDATE);
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  const entry = await rawGet(`${BILLING}/remoteEntry.js`, { 'accept-encoding': 'br, gzip' });
  expect(entry.headers['cache-control']).toBe(REVALIDATE);
  expect(entry.headers.etag).toBeTruthy();
  // The same entry again with its ETag: not sent again.
  const again = await rawGet(`${BILLING}/remoteEntry.js`, {
    'accept-encoding': 'br, gzip',
    'if-none-match': String(entry.headers.etag),
  });
  expect(again.status).toBe(304);

  const html = (await rawGet(`${HOST}/`)).body.toString('utf8');
  const chunk = html.match(/src="\/(main\.[0-9a-f]{8}\.js)"/)?.[1];
  if (!chunk) throw new Error('no hashed entry chunk in the page');
  const identity = await rawGet(`${HOST}/${chunk}`);
  expect(identity.headers['cache-control']).toBe(FOREVER);
  expect(identity.headers['content-encoding']).toBeUndefined();
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const compressed = await rawGet(`${HOST}/${chunk}`, { 'accept-encoding': accept });
    expect(compressed.headers['content-encoding'], accept).toBe(encoding);
    expect(compressed.headers['cache-control']).toBe(FOREVER);
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.body.length).toBeLessThan(identity.body.length / 2);
  }
  expect((await rawGet(`${HOST}/missing.0123abcd.js`)).status).toBe(404);

  // The API's JSON answers too.
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const list = await rawGet(`${API}/api/student?limit=100`, {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'br, gzip',
  });
  expect(list.status).toBe(200);
  expect(list.headers['content-encoding']).toBe('br');
  expect(list.headers['cache-control']).toBe('no-store');
});

test('a config.json edited while the host is served is served as it now is: shorter, longer, same length', async () => {
  // A copy of the host's build, served by the server `pnpm serve` runs, as a deployment serves it.
  const dist = path.join(ROOT, 'e2e', '.artifacts', 'host-served');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  cpSync(path.join(ROOT, 'host', 'dist'), dist, { recursive: true });
  const server = createStaticAppServer(dist, { isHost: true });
  const port = PORTS.hostCopy;
  await listen(server, port, '127.0.0.1');
  try {
    const file = path.join(dist, 'assets', 'config.json');
    const original = JSON.parse(readFileSync(file, 'utf8')) as {
      baseUrl: string;
      remotes: Record<string, string>;
    };
    const url = `http://127.0.0.1:${port}/assets/config.json`;
    const served = async () => JSON.parse((await rawGet(url)).body.toString('utf8'));
    expect(await served()).toEqual(original);
    const edits = {
      shorter: { ...original, remotes: { ...original.remotes, fees: 'http://f/m.json' } },
      longer: {
        ...original,
        remotes: {
          ...original.remotes,
          fees: 'http://127.0.0.1:3999/releases/2026-11-fees-next/mf-manifest.json',
        },
      },
    };
    const sameLength = JSON.stringify(original).replace('3002', '3012');
    for (const [name, text] of [
      ['shorter', JSON.stringify(edits.shorter)],
      ['longer', JSON.stringify(edits.longer)],
      ['same length', sameLength],
    ] as const) {
      writeFileSync(file, text);
      const answer = await rawGet(url);
      expect(answer.body.toString('utf8'), name).toBe(text);
      expect(Number(answer.headers['content-length']), name).toBe(Buffer.byteLength(text));
    }
  } finally {
    server.close();
    server.closeAllConnections();
    rmSync(dist, { recursive: true, force: true });
  }
});
