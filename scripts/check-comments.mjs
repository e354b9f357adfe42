#!/usr/bin/env node
// Comments say why in a line or two and point to docs/ (README.md, "Comments"). Part of `pnpm lint`: fails
// naming each comment block over MAX_LINES lines whose first line does not start with the ALGORITHM marker.
import { fileURLToPath } from 'node:url';
import { sourcesUnder } from './lib/sources.mjs';

export const MAX_LINES = 6;
export const ALGORITHM = 'Algorithm:';
/** Folders checked, from the repository's root (every app, the API, shared, e2e and the scripts). */
const ROOTS = /^(api\/(src|test|bench)|shared|host|remote-[^/]+|e2e|scripts)\//;
/** Files another change is rewriting now; the lead empties this list once it is merged. */
export const PENDING = [];

// JSDoc tags are the types of a .mjs file's functions, not prose: they do not count.
const TAG = /^\*\s*@(param|returns?|typedef|property|type|template)\b/;

/** The comment blocks of a source: runs of `//` lines, or one `/* … *\/`, each with its first line (1-based). */
export function blocksOf(source) {
  const lines = source.split('\n');
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const start = lines[i].trim();
    let end = i + 1;
    if (start.startsWith('/*')) {
      end = i;
      while (end < lines.length && !lines[end].includes('*/')) end += 1;
      end += 1;
    } else if (start.startsWith('//')) {
      while (end < lines.length && lines[end].trim().startsWith('//')) end += 1;
    } else {
      i += 1;
      continue;
    }
    blocks.push({ line: i + 1, lines: lines.slice(i, end).map((line) => line.trim()) });
    i = end;
  }
  return blocks;
}

/** Is the block too long: over MAX_LINES lines (JSDoc tags aside) without the marker on its first line of text? */
export function tooLong({ lines }) {
  const text = lines.map((line) => line.replace(/^(\/\*\*?|\/\/|\*)\s*/, '')).filter(Boolean);
  if ((text[0] ?? '').startsWith(ALGORITHM)) return false;
  return lines.filter((line) => !TAG.test(line)).length > MAX_LINES;
}

/** The problems of `files` (paths from the repository's root → source text), one line each. */
export function problemsOf(files, pending = PENDING) {
  const problems = [];
  for (const [file, source] of files) {
    if (!ROOTS.test(file) || pending.includes(file)) continue;
    for (const block of blocksOf(source).filter(tooLong)) {
      problems.push(`${file}:${block.line}: a comment of ${block.lines.length} lines`);
    }
  }
  return problems;
}

/** The .ts, .tsx and .mjs files under `root` (paths from it → source text). */
export const commentedSources = (root) => sourcesUnder(root, /\.(ts|tsx|mjs)$/);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = problemsOf(commentedSources(fileURLToPath(new URL('..', import.meta.url))));
  if (problems.length) {
    console.error(
      `Comments (README.md, "Comments"): ${problems.length} blocks over ${MAX_LINES} lines; say why in a line or` +
        ` two and point to docs/, or start an algorithm's explanation with "${ALGORITHM}":`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}
