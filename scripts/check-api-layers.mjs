#!/usr/bin/env node
// The API's folders import one way, down: features → ledger → auth → openapi → lib → db → config
// (api/README.md, "Layers"). Part of `pnpm lint`: fails naming each import that runs back up or closes a loop.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesUnder } from './lib/sources.mjs';

/** The base layers, lowest first; every other folder is a feature above them, and app/server on top. */
export const BASE_LAYERS = ['config', 'db', 'lib', 'openapi', 'auth', 'ledger'];

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']*)'/g;

/** The relative specifiers a module imports or re-exports (static, dynamic and type-only). */
export function specifiersOf(source) {
  return [...source.matchAll(IMPORT)].map((match) => match[1]);
}

/**
 * The unit a file belongs to: its first folder under src/ however deep the file sits (billing/bills/routes.ts is
 * billing), or a top-level file's name (app, config…).
 */
export function unitOf(file) {
  const [first, ...rest] = file.split('/');
  return rest.length ? first : path.posix.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
}

/** Every import between two units, from `files` (paths relative to src/ → source text). */
export function arrowsOf(files) {
  const arrows = [];
  for (const [file, source] of files) {
    for (const specifier of specifiersOf(source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const from = unitOf(file);
      const to = unitOf(target.includes('/') ? target : `${target}.ts`);
      if (from !== to) arrows.push({ file, specifier, from, to });
    }
  }
  return arrows;
}

/** Pairs of units that import each other, each as `a ↔ b` with a before b. */
export function mutualPairs(arrows) {
  const edges = new Set(arrows.map(({ from, to }) => `${from}>${to}`));
  const pairs = new Set();
  for (const { from, to } of arrows) {
    if (edges.has(`${to}>${from}`)) pairs.add([from, to].sort().join(' ↔ '));
  }
  return [...pairs].sort();
}

const rank = (unit) => {
  const index = BASE_LAYERS.indexOf(unit);
  return index === -1 ? BASE_LAYERS.length : index;
};

/** Units on a loop of imports (strongly connected components of more than one unit), Tarjan's algorithm. */
function loopsOf(arrows) {
  const next = new Map();
  for (const { from, to } of arrows) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const loops = [];
  const visit = (unit) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit));
    stack.push(unit);
    for (const to of next.get(unit) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit), low.get(to)));
      } else if (stack.includes(to)) low.set(unit, Math.min(low.get(unit), index.get(to)));
    }
    if (low.get(unit) === index.get(unit)) {
      const loop = stack.splice(stack.indexOf(unit));
      if (loop.length > 1) loops.push(new Set(loop));
    }
  };
  for (const unit of next.keys()) if (!index.has(unit)) visit(unit);
  return loops;
}

/** The offending imports: a base layer importing anything above it, or any import inside a loop of units. */
export function problemsOf(arrows) {
  const loops = loopsOf(arrows);
  const problems = [];
  for (const arrow of arrows) {
    const upward = rank(arrow.from) < BASE_LAYERS.length && rank(arrow.to) >= rank(arrow.from);
    const looping = loops.some((loop) => loop.has(arrow.from) && loop.has(arrow.to));
    if (upward || looping) {
      const why = upward
        ? `${arrow.from} may import only ${BASE_LAYERS.slice(0, rank(arrow.from)).join(', ') || 'packages'}`
        : `${arrow.from} → ${arrow.to} is on a loop of folder imports`;
      problems.push(`api/src/${arrow.file}: '${arrow.specifier}' (${why})`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../api/src', import.meta.url));
  const arrows = arrowsOf(sourcesUnder(root));
  const pairs = mutualPairs(arrows);
  if (process.argv.includes('--pairs')) {
    const back = arrows.filter(({ from, to }) => pairs.includes([from, to].sort().join(' ↔ ')));
    console.log(`${pairs.length} pairs of api/src folders import each other (${back.length} imports):`);
    for (const pair of pairs) console.log(`  ${pair}`);
  }
  const problems = problemsOf(arrows);
  if (problems.length) {
    console.error(`API layers (api/README.md, "Layers"): ${problems.length} imports run back up or loop:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}
