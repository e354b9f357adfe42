#!/usr/bin/env node
// No API path is typed by hand outside the route table (docs/architecture.md#the-route-table). Part of
// `pnpm lint`: fails naming each string that holds `/api/` in the screens' and shared's source.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesUnder } from './lib/sources.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the one table lives: the only source allowed to spell an API path. */
const TABLE = 'shared/src/contract/routes/';
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
/** A string or template literal holding `/api/` (a comment line is not code). */
const API_STRING = /(['"`])(?:(?!\1).)*\/api\//;
const COMMENT = /^\s*(?:\/\/|\/\*|\*)/;

/** The lines of `source` that type an API path, as `line: text`. */
export function handTypedPaths(source) {
  return source
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => !COMMENT.test(text) && API_STRING.test(text))
    .map(({ text, line }) => `${line}: ${text.trim()}`);
}

/** The folders checked: the host's, each remote's and shared's source. */
function checkedFolders() {
  const remotes = readdirSync(ROOT).filter((name) => name.startsWith('remote-'));
  return ['host', 'shared', ...remotes].map((name) => `${name}/src`);
}

// The check proves it can fail: a planted path must be found, a comment and a table call must not.
const PLANTED =
  "const a = apiGet('/api/employee');\n// GET /api/employee\nconst b = apiGet(ROUTES.people.employees());";
if (handTypedPaths(PLANTED).length !== 1) {
  console.error('check-api-paths: the planted hand-typed path was not found; the check is broken');
  process.exit(1);
}

const faults = [];
for (const folder of checkedFolders()) {
  for (const [file, source] of sourcesUnder(path.join(ROOT, folder), SOURCE)) {
    const relative = `${folder}/${file}`;
    if (relative.startsWith(TABLE) || /\.test\./.test(file)) continue;
    for (const hit of handTypedPaths(source)) faults.push(`${relative}:${hit}`);
  }
}
if (faults.length) {
  console.error(
    `API paths typed outside the route table (${TABLE}); call the route of ROUTES instead:\n${faults.join('\n')}`,
  );
  process.exit(1);
}
console.log('API paths: none typed outside the route table.');
