// How every app's production build is served, by `pnpm start` (all apps) and by `pnpm serve` in one
// app's folder (that app alone): manifests, entries and config are never cached (they are what moves
// on a release), hashed chunks are immutable, and remotes allow cross-origin fetches (the host reads
// their manifests from another origin).
import http from 'node:http';
import sirv from 'sirv';

/**
 * A server for one dist folder. `configJson` (the host only) answers /assets/config.json, read at every
 * request so that editing the deployed config moves a remote without a rebuild.
 */
export function createStaticAppServer(distDir, { isHost = false, configJson } = {}) {
  const files = sirv(distDir, {
    single: isHost,
    etag: true,
    setHeaders(res, pathname) {
      if (!isHost) res.setHeader('Access-Control-Allow-Origin', '*');
      const mutable =
        pathname.endsWith('.json') || pathname.endsWith('.html') || pathname === '/remoteEntry.js';
      res.setHeader('Cache-Control', mutable ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  return http.createServer((req, res) => {
    if (configJson && req.url?.split('?')[0] === '/assets/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(configJson());
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    });
  });
}

export const listen = (server, port, host) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
