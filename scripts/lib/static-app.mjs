// How every app's production build is served, by `pnpm start` (all apps) and `pnpm serve` (one app), by the
// rules of README "Serving and caching": what moves on a release revalidated (ETag), hashed chunks immutable,
// the build's .br/.gz copies sent when accepted, a file changed on disk served as it now is, remotes open to
// cross-origin fetches.
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** A hashed chunk: `name.0123abcd.js` (rspack's `[contenthash:8]`), or anything under a versioned folder. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/** The Cache-Control of a path: immutable for hashed chunks and media, revalidated for everything else. */
export function cacheControlOf(pathname) {
  const name = path.posix.basename(pathname);
  if (HASHED.test(name) || /\.(png|jpe?g|svg|woff2?)$/.test(name))
    return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * A server for one dist folder. `configJson` (the host only) answers /assets/config.json, read at every
 * request so that editing the deployed config moves a remote without a rebuild.
 */
export function createStaticAppServer(distDir, { isHost = false, configJson } = {}) {
  const files = sirv(distDir, {
    // The host is a single-page app: every route answers index.html.
    single: isHost,
    // Look at the file at every request (sirv's cache of sizes and ETags at start served a changed
    // config.json truncated or stale).
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      if (!isHost) res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', cacheControlOf(pathname));
    },
  });
  return http.createServer((req, res) => {
    if (configJson && req.url?.split('?')[0] === '/assets/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      res.end(configJson());
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache' });
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
