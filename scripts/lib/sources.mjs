// The source files the lint checks read (check-api-layers.mjs, check-comments.mjs, check-api-paths.mjs): one walker.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files under `root` whose names match `pattern` (paths from `root`, with `/` → source text), past
 * node_modules, builds and dot folders.
 */
export function sourcesUnder(root, pattern = /\.[cm]?[jt]sx?$/, folder = '') {
  const files = new Map();
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !/^(node_modules|dist|\..*)$/.test(entry.name)) {
      for (const [name, source] of sourcesUnder(root, pattern, file)) files.set(name, source);
    } else if (entry.isFile() && pattern.test(entry.name)) {
      files.set(file, readFileSync(path.join(root, file), 'utf8'));
    }
  }
  return files;
}
