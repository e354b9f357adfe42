// The version of @keuangan/shared follows its exports (a name added: minor; removed or renamed: major), so
// `pnpm check:release` can tell whether the deployed host has what a remote needs (README.md "Deploying a remote").
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import semver from 'semver';

const sharedDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const snapshotFile = path.join(sharedDir, 'exports.json');
const packageFile = path.join(sharedDir, 'package.json');

/** The package's federation entries (each a shared singleton) and their source files. */
export const SHARED_ENTRIES = {
  '@keuangan/shared': 'src/index.ts',
  '@keuangan/shared/core': 'src/core.ts',
  '@keuangan/shared/shell': 'src/shell.ts',
};

/**
 * The value names each entry exports now, read by esbuild from the sources (types leave no trace at run time,
 * so they do not count). The entries re-export each other by package name: resolve those to the sources.
 * @returns {Record<string, string[]>}
 */
export function currentExports() {
  const alias = Object.fromEntries(
    Object.entries(SHARED_ENTRIES).map(([name, file]) => [name, path.join(sharedDir, file)]),
  );
  const result = buildSync({
    entryPoints: Object.fromEntries(Object.entries(SHARED_ENTRIES).map(([name, file]) => [name, file])),
    absWorkingDir: sharedDir,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    outdir: 'out',
    platform: 'browser',
    packages: 'external',
    alias,
    loader: { '.png': 'empty', '.svg': 'empty', '.css': 'empty' },
    logLevel: 'silent',
  });
  const byEntry = {};
  for (const output of Object.values(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const name = Object.keys(SHARED_ENTRIES).find((entry) => output.entryPoint === SHARED_ENTRIES[entry]);
    if (name) byEntry[name] = [...output.exports].sort();
  }
  return byEntry;
}

/**
 * @typedef {{ version: string, entries: Record<string, Record<string, string>> }} Snapshot
 *   entries: per entry, each exported name and the version it appeared in
 */

/** @returns {Snapshot} */
export function readSnapshot(file = snapshotFile) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The snapshot of `exports` after `previous`: same version, minor for names added, major for any removed.
 * @param {Snapshot} previous
 * @param {Record<string, string[]>} exports
 * @returns {{ snapshot: Snapshot, added: string[], removed: string[] }}
 */
export function nextSnapshot(previous, exports) {
  const added = [];
  const removed = [];
  for (const [entry, names] of Object.entries(exports)) {
    const before = previous.entries[entry] ?? {};
    for (const name of names) if (!(name in before)) added.push(`${entry}:${name}`);
    for (const name of Object.keys(before)) if (!names.includes(name)) removed.push(`${entry}:${name}`);
  }
  const version = removed.length
    ? semver.inc(previous.version, 'major')
    : added.length
      ? semver.inc(previous.version, 'minor')
      : previous.version;
  const entries = Object.fromEntries(
    Object.entries(exports).map(([entry, names]) => [
      entry,
      Object.fromEntries(
        names.map((name) => [
          name,
          // After a major version every name is as old as that version: older remotes cannot use it anyway.
          removed.length ? version : (previous.entries[entry]?.[name] ?? version),
        ]),
      ),
    ]),
  );
  return { snapshot: { version, entries }, added, removed };
}

/**
 * The range a build needs of a shared entry: from the version its newest imported name came in, same major.
 * @param {Snapshot} snapshot
 * @param {string} entry
 * @param {string[]} needs
 */
export function requiredRange(snapshot, entry, needs) {
  const since = snapshot.entries[entry] ?? {};
  let floor = `${semver.major(snapshot.version)}.0.0`;
  for (const name of needs) {
    const version = since[name];
    if (version && semver.gt(version, floor)) floor = version;
  }
  return `^${floor}`;
}

// CLI: pnpm --filter @keuangan/shared exports [--check]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const previous = readSnapshot();
  const { snapshot, added, removed } = nextSnapshot(previous, currentExports());
  const packageJson = JSON.parse(readFileSync(packageFile, 'utf8'));
  const behind = snapshot.version !== previous.version || packageJson.version !== snapshot.version;
  for (const name of added) console.log(`added   ${name}`);
  for (const name of removed) console.log(`removed ${name}`);
  if (process.argv.includes('--check')) {
    if (behind) {
      console.error(
        `@keuangan/shared's exports changed: run \`pnpm --filter @keuangan/shared exports\` (version ${snapshot.version})`,
      );
      process.exit(1);
    }
    console.log(`@keuangan/shared ${snapshot.version}: exports.json is current`);
  } else {
    writeFileSync(snapshotFile, `${JSON.stringify(snapshot, null, 2)}\n`);
    packageJson.version = snapshot.version;
    writeFileSync(packageFile, `${JSON.stringify(packageJson, null, 2)}\n`);
    console.log(`@keuangan/shared ${snapshot.version}: exports.json and package.json written`);
  }
}
