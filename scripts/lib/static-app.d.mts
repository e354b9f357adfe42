import type http from 'node:http';

/** The Cache-Control of a served path: immutable for hashed chunks and media, `no-cache` for the rest. */
export function cacheControlOf(pathname: string): string;

/** A server for one app's dist folder (static-app.mjs). */
export function createStaticAppServer(
  distDir: string,
  options?: { isHost?: boolean; configJson?: () => string },
): http.Server;

export function listen(server: http.Server, port: number, host: string): Promise<void>;
