// What a build is made from, as one hash: the files git sees (tracked or new, not ignored, so never dist/ or
// node_modules/) under the app's folder and what every app builds with (shared/, the lockfile, the root
// configs), their contents, and the settings a build records. Equal fingerprints: the build is current.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What every app is built with, besides its own folder. */
export const COMMON_INPUTS = [
  'shared',
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'tsconfig.base.json',
];
/** Settings a build writes into what it makes (README "Settings"). */
const BUILD_SETTINGS = ['KEUANGAN_BUILD_LABEL', 'KEUANGAN_BUILD_COMMIT', 'KEUANGAN_REMOTE_OWN_RUNTIME'];
/** Where a build leaves its fingerprint. */
export const STAMP = '.build-fingerprint';

/** The fingerprint of `appDir`'s build (null when git cannot list the files: then always build). */
export function fingerprintOf(root, appDir, env = process.env) {
  let files;
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', appDir, ...COMMON_INPUTS],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    files = listed.split('\0').filter(Boolean).sort();
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted, not yet staged
    hash.update(`${file}\0`).update(readFileSync(full)).update('\0');
  }
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** True when `distDir` holds a build of exactly `fingerprint`. */
export const isCurrent = (distDir, fingerprint) =>
  fingerprint !== null &&
  existsSync(path.join(distDir, STAMP)) &&
  readFileSync(path.join(distDir, STAMP), 'utf8').trim() === fingerprint;

export const stamp = (distDir, fingerprint) => {
  if (fingerprint !== null) writeFileSync(path.join(distDir, STAMP), `${fingerprint}\n`);
};
