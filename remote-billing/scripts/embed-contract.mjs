// The embed contract the billing build publishes (mf-manifest.json `metaData.embedApi`, compared by `pnpm
// check:release`): embed-api.json's version, props and events, checked by the TypeScript compiler against the
// view's own types (src/embed/types.ts), so a prop or event renamed in the code only fails the build instead
// of shipping a contract that no longer holds (remote-billing README, "Embedding").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const appDir = path.dirname(import.meta.dirname);
export const TYPES_FILE = path.join(appDir, 'src/embed/types.ts');
export const CONTRACT_FILE = path.join(appDir, 'embed-api.json');

/** The package's `tsc` (its exports leave the bin out): beside its package.json. */
export const tscPath = () =>
  path.join(
    path.dirname(createRequire(path.join(appDir, 'package.json')).resolve('typescript/package.json')),
    'bin/tsc',
  );

/**
 * What the compiler says is wrong between `contract` and the types in `typesFile` (empty: they agree). Each list
 * becomes an object typed `Record<name, true>`: a name missing is "Property … is missing", one too many "Object
 * literal may only specify known properties".
 */
export function contractErrors(contract, typesFile = TYPES_FILE) {
  const dir = mkdtempSync(path.join(tmpdir(), 'embed-contract-'));
  const keys = (names) => `{ ${names.map((name) => `${JSON.stringify(name)}: true`).join(', ')} }`;
  const file = path.join(dir, 'check.ts');
  writeFileSync(
    file,
    `import type { BillingEmbedEvent, BillingEmbedProps } from ${JSON.stringify(typesFile.replace(/\.ts$/, ''))};
export const props: Record<keyof BillingEmbedProps, true> = ${keys(contract.props)};
export const events: Record<BillingEmbedEvent['type'], true> = ${keys(contract.events)};
`,
  );
  try {
    execFileSync(
      process.execPath,
      [tscPath(), file, '--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022'],
      { encoding: 'utf8', stdio: 'pipe' },
    );
    return [];
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return out
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .map((line) => line.replace(/^.*?error TS\d+: /, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** embed-api.json, once the compiler found it to match the types; else an Error naming what differs. */
export function checkedEmbedContract(typesFile = TYPES_FILE, contractFile = CONTRACT_FILE) {
  const contract = JSON.parse(readFileSync(contractFile, 'utf8'));
  const errors = contractErrors(contract, typesFile);
  if (errors.length > 0) {
    throw new Error(
      `${path.basename(contractFile)} does not match ${path.relative(appDir, typesFile)} (a prop or event renamed, added or removed in one only):\n  ${errors.join('\n  ')}\nUpdate embed-api.json with a new version and EMBED-CHANGELOG.md (remote-billing README, "Embedding").`,
    );
  }
  return contract;
}
