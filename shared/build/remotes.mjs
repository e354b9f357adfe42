// THE list of the five remotes (federation name -> folder and default port), from shared/src/remotes.json,
// which the screens read too (src/config.ts: REMOTE_NAMES). The build, the start and dev scripts and the
// release checks take the remotes from here; no Node module beyond this one, so a script stays quick to load.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The five remotes, their default ports and the federation names the host registers them under. */
export const REMOTES = /** @type {Record<string, { dir: string; port: number }>} */ (
  require('../src/remotes.json')
);
export const HOST_PORT = 3000;
