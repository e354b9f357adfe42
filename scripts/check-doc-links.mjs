#!/usr/bin/env node
// Every `docs/<file>.md#<heading>` the code and the READMEs cite must exist, so a renamed heading cannot leave
// comments pointing nowhere (docs/README.md: headings are stable, cite them by anchor). Part of `pnpm lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CITATION = /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;
const TEXT = /\.(ts|tsx|mjs|js|md|json|yaml|yml|sh)$/;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchors = new Map();
function anchorsOf(file) {
  if (!anchors.has(file)) {
    const headings = readFileSync(`docs/${file}`, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, '')));
    anchors.set(file, new Set(headings));
  }
  return anchors.get(file);
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => TEXT.test(file) && existsSync(file));
const broken = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [citation, doc, anchor] of line.matchAll(CITATION)) {
      const where = `${file}:${index + 1}: ${citation}`;
      if (!existsSync(`docs/${doc}`)) broken.push(`${where} (no such file)`);
      else if (anchor && !anchorsOf(doc).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  });
}
if (broken.length > 0) {
  console.error(`Citations of docs/ that point nowhere:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`docs/ citations: ${files.length} files read, every citation found.`);
