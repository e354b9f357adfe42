// What a build says about itself, for support and release managers (the host's Tentang page, `pnpm
// check:release`): compiled into the app and written in its mf-manifest.json (manifest.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKSPACE_DIR } from './paths.mjs';

/** The commit a build is made from: KEUANGAN_BUILD_COMMIT (CI), else git's, else 'unknown'. */
function buildCommit() {
  if (process.env.KEUANGAN_BUILD_COMMIT) return process.env.KEUANGAN_BUILD_COMMIT;
  try {
    const git = (...args) => execFileSync('git', args, { cwd: WORKSPACE_DIR, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short=10', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no');
    return `${commit}${dirty ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * The app's package version, the commit, when it was built, and an optional label (KEUANGAN_BUILD_LABEL, e.g. a
 * release name). Remotes carry it in mf-manifest.json's metaData.buildInfo (with `shares`, the names of
 * @keuangan/shared it provides and needs); the host has it compiled in (and in its own manifest).
 */
export function buildInfoOf(appDir) {
  const appPackage = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return {
    buildName: appPackage.name,
    buildVersion: appPackage.version,
    commit: buildCommit(),
    builtAt: new Date().toISOString(),
    label: process.env.KEUANGAN_BUILD_LABEL ?? '',
  };
}
