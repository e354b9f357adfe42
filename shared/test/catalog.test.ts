import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One version of each library the workspace's packages share (pnpm-workspace.yaml's catalog): a package that
// named its own range for one of them could drift from the others, and the federated apps would then share
// two versions. e2e/foreign is another vendor's page and keeps its own.
const root = path.resolve(import.meta.dirname, '../..');
const PACKAGES = [
  '.',
  'api',
  'e2e',
  'host',
  'shared',
  'remote-staff',
  'remote-fees',
  'remote-billing',
  'remote-admissions',
  'remote-receipts',
];

const catalogNames = (): string[] => {
  const workspace = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = workspace.split(/^catalog:\n/m)[1] ?? '';
  return [...block.matchAll(/^ {2}"?([^":\s]+)"?:/gm)].map((match) => match[1] as string);
};

const dependenciesOf = (dir: string): [string, string][] => {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return Object.entries({ ...pkg.dependencies, ...pkg.devDependencies });
};

describe('the workspace catalog', () => {
  it('holds every library two packages use, and every package takes those from it', () => {
    const catalog = catalogNames();
    expect(catalog).toContain('antd');
    const users = new Map<string, string[]>();
    for (const dir of PACKAGES) {
      for (const [name, range] of dependenciesOf(dir)) {
        if (range.startsWith('workspace:')) continue;
        users.set(name, [...(users.get(name) ?? []), dir]);
        if (catalog.includes(name)) expect(range, `${dir}/package.json ${name}`).toBe('catalog:');
      }
    }
    const shared = [...users].filter(([, dirs]) => dirs.length > 1).map(([name]) => name);
    expect(shared.filter((name) => !catalog.includes(name))).toEqual([]);
  });
});
