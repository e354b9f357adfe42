// Writes embed.d.ts (beside package.json): the declarations of src/embed/types.ts, the embed contract other
// modules type-check against, under the contract's version from embed-api.json. `--check` only compares and
// exits 1 when the checked-in file is not what the types give (the unit suite runs it: test/embed-contract).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tscPath } from './embed-contract.mjs';

const appDir = path.dirname(import.meta.dirname);
const target = path.join(appDir, 'embed.d.ts');
const { version } = JSON.parse(readFileSync(path.join(appDir, 'embed-api.json'), 'utf8'));
const tsc = tscPath();

const out = mkdtempSync(path.join(tmpdir(), 'embed-types-'));
try {
  execFileSync(
    process.execPath,
    [
      tsc,
      path.join(appDir, 'src/embed/types.ts'),
      '--ignoreConfig',
      '--declaration',
      '--emitDeclarationOnly',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--outDir',
      out,
    ],
    { stdio: 'inherit' },
  );
  const generated = `// Generated from remote-billing/src/embed/types.ts by \`pnpm --filter @keuangan/remote-billing embed-types\`:
// do not edit. The embed contract of billing/embed, version ${version} (remote-billing/EMBED-CHANGELOG.md).
${readFileSync(path.join(out, 'types.d.ts'), 'utf8')}`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing: differs
    }
    if (current !== generated) {
      console.error('embed.d.ts is out of date: run pnpm --filter @keuangan/remote-billing embed-types');
      process.exit(1);
    }
    console.log(`embed.d.ts is current (version ${version})`);
  } else {
    writeFileSync(target, generated);
    console.log(`wrote ${path.relative(process.cwd(), target)} (version ${version})`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
