#!/usr/bin/env node
// Every `docs/<file>.md#<heading>` the code and the READMEs cite must exist, so a renamed heading cannot leave
// comments pointing nowhere (docs/README.md: headings are stable, cite them by anchor); so must every Markdown
// link of a Markdown file to another Markdown file or heading. Part of `pnpm lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CITATION = /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;
/** A Markdown link to a Markdown file and/or a heading: `[text](../docs/money.md#saldo-titipan)`, `[text](#the-rules)`. */
const MD_LINK = /\]\(((?:[^()\s#:]+\.md)?)(?:#([^()\s]+))?\)/g;
const TEXT = /\.(ts|tsx|mjs|js|md|json|yaml|yml|sh)$/;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchors = new Map();
/** The anchors of the headings of Markdown file `file` (a path from the repository's root). */
function headingsOf(file) {
  if (!anchors.has(file)) {
    const headings = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, '')));
    anchors.set(file, new Set(headings));
  }
  return anchors.get(file);
}
const anchorsOf = (doc) => headingsOf(`docs/${doc}`);

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
    if (!file.endsWith('.md')) return;
    for (const [link, target, anchor] of line.matchAll(MD_LINK)) {
      const where = `${file}:${index + 1}: ${link.slice(1)}`;
      const linked = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) : file;
      if (!existsSync(linked)) broken.push(`${where} (no such file)`);
      else if (anchor && !headingsOf(linked).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  });
}
if (broken.length > 0) {
  console.error(`Citations of docs/ and Markdown links that point nowhere:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`docs/ citations and Markdown links: ${files.length} files read, every one found.`);
