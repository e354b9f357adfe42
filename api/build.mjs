// Compiles the API to plain JavaScript (`node dist/server.mjs`): no TypeScript compiling on every start.
// One bundle per entry, with the workspace's contract (TypeScript source in shared/) inside; the packages of
// node_modules stay outside, loaded by Node as usual (native sharp, PGlite's wasm, pdfkit's fonts).
// `dist/` sits beside `src/`, so paths the code finds from its own place (drizzle/, assets/) hold for both.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set(['@keuangan/shared']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !bundled.has(name),
);

const started = Date.now();
await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed/cli.ts',
    'document-worker': 'src/documents/worker.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`api: dist/server.mjs, dist/seed.mjs, dist/document-worker.mjs in ${Date.now() - started} ms`);
