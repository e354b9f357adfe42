// @vitest-environment node
// (esbuild, which reads the package's exports, refuses to run under jsdom.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentExports,
  nextSnapshot,
  readSnapshot,
  requiredRange,
  SHARED_ENTRIES,
} from '../build/shared-exports.mjs';

const packageJson = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'));

describe("@keuangan/shared's version follows its exports", () => {
  it('exports.json and package.json are current: run `pnpm --filter @keuangan/shared exports` after changing them', () => {
    const snapshot = readSnapshot();
    const { added, removed, snapshot: next } = nextSnapshot(snapshot, currentExports());
    expect({ added, removed }).toEqual({ added: [], removed: [] });
    expect(next.version).toBe(snapshot.version);
    expect(packageJson.version).toBe(snapshot.version);
  });

  it('reads the value exports of every entry, through the re-exports by package name, and no types', () => {
    const exports = currentExports();
    expect(Object.keys(exports).sort()).toEqual(Object.keys(SHARED_ENTRIES).sort());
    expect(exports['@keuangan/shared/core']).toContain('apiGet');
    // index.ts re-exports core and shell by package name, and adds the screens' pieces.
    expect(exports['@keuangan/shared']).toEqual(
      expect.arrayContaining(['apiGet', 'rupiahText', 'PagedTable']),
    );
    expect(exports['@keuangan/shared']).not.toContain('AppConfig');
    // Each entry is one of the package's exports.
    for (const [entry, file] of Object.entries(SHARED_ENTRIES)) {
      const subpath = entry === '@keuangan/shared' ? '.' : `./${entry.split('/').pop()}`;
      expect(packageJson.exports[subpath]).toBe(`./${file}`);
    }
  });

  const base = {
    version: '1.2.0',
    entries: { '@keuangan/shared': { apiGet: '1.0.0', rupiahText: '1.0.0', formatPercent: '1.2.0' } },
  };

  it('a new name is a minor version and is recorded since it', () => {
    const { snapshot, added } = nextSnapshot(base, {
      '@keuangan/shared': ['apiGet', 'formatPercent', 'rupiahText', 'termbilang'],
    });
    expect(added).toEqual(['@keuangan/shared:termbilang']);
    expect(snapshot.version).toBe('1.3.0');
    expect(snapshot.entries['@keuangan/shared']).toEqual({
      apiGet: '1.0.0',
      rupiahText: '1.0.0',
      formatPercent: '1.2.0',
      termbilang: '1.3.0',
    });
  });

  it('a name removed or renamed is a major version; nothing changed keeps the version', () => {
    const renamed = nextSnapshot(base, { '@keuangan/shared': ['apiGet', 'formatPercent', 'rupiah'] });
    expect(renamed.removed).toEqual(['@keuangan/shared:rupiahText']);
    expect(renamed.snapshot.version).toBe('2.0.0');
    expect(renamed.snapshot.entries['@keuangan/shared']?.apiGet).toBe('2.0.0');
    const same = nextSnapshot(base, { '@keuangan/shared': ['apiGet', 'formatPercent', 'rupiahText'] });
    expect(same.snapshot).toEqual(base);
  });

  it('a build requires the version of the newest name it imports, within the major version', () => {
    expect(requiredRange(base, '@keuangan/shared', ['apiGet', 'rupiahText'])).toBe('^1.0.0');
    expect(requiredRange(base, '@keuangan/shared', ['apiGet', 'formatPercent'])).toBe('^1.2.0');
    expect(requiredRange(base, '@keuangan/shared', [])).toBe('^1.0.0');
    expect(requiredRange({ ...base, version: '2.1.0' }, '@keuangan/shared', ['apiGet'])).toBe('^2.0.0');
  });
});
