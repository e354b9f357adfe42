import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintOf, isCurrent, stamp } from '../../scripts/lib/fingerprint.mjs';

// `pnpm start` builds an app again only when what it is built from changed (scripts/build-changed.mjs).
const root = mkdtempSync(path.join(tmpdir(), 'keuangan-fingerprint-'));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a build fingerprint', () => {
  it('follows the app and shared sources and the build settings, not what builds write', () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    write('.gitignore', 'dist/\nnode_modules/\n');
    write('host/src/index.ts', 'export const a = 1;\n');
    write('remote-fees/src/index.ts', 'export const b = 1;\n');
    write('shared/src/index.ts', 'export const c = 1;\n');
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
    const first = fingerprintOf(root, 'host', {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    // A build and another app's change leave it as it is.
    write('host/dist/index.html', '<html></html>');
    write('host/node_modules/x/index.js', '');
    write('remote-fees/src/index.ts', 'export const b = 2;\n');
    expect(fingerprintOf(root, 'host', {})).toBe(first);

    // Its own source, the shared package, the lockfile and a release label change it.
    write('host/src/index.ts', 'export const a = 2;\n');
    const edited = fingerprintOf(root, 'host', {});
    expect(edited).not.toBe(first);
    write('shared/src/index.ts', 'export const c = 2;\n');
    expect(fingerprintOf(root, 'host', {})).not.toBe(edited);
    const now = fingerprintOf(root, 'host', {});
    expect(fingerprintOf(root, 'host', { KEUANGAN_BUILD_LABEL: 'rilis-2' })).not.toBe(now);
  });

  it('is current only when the dist holds the same one', () => {
    const fingerprint = fingerprintOf(root, 'host', {});
    const dist = path.join(root, 'host', 'dist');
    expect(isCurrent(dist, fingerprint)).toBe(false);
    stamp(dist, fingerprint);
    expect(isCurrent(dist, fingerprint)).toBe(true);
    write('host/src/index.ts', 'export const a = 3;\n');
    expect(isCurrent(dist, fingerprintOf(root, 'host', {}))).toBe(false);
    // Without git nothing is known: always build.
    expect(isCurrent(dist, null)).toBe(false);
  });
});
