// The data-access rule (api/README.md, "How a feature is built"), kept true in the folders already moved.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from '../../scripts/lib/sources.mjs';

/**
 * Folders already moved: their routes open no transaction and build no where-clause, and their statements all
 * live in their query modules (`*queries*.ts`).
 */
const MOVED = [
  'academic',
  'audit',
  'auth',
  'bank-reconciliation',
  'billing',
  'books',
  'cash-closing',
  'classes',
  'discount-rules',
  'document-links',
  'embed',
  'employee',
  'fee-components',
  'instalments',
  'online-payments',
  'ops',
  'prospects',
  'reference',
  'reminders',
  'reports',
  'student-credit',
  'students',
];
const THIN_ROUTES = MOVED;
const STATEMENTS_IN_QUERIES = MOVED;

const STATEMENT = /\b(tx|db|database\.db)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;
const DRIZZLE_VALUE_IMPORT = /import\s+(?!type\b)[^;]*?from\s+'drizzle-orm'/;
const isRouteFile = (name: string) => /(^|-)routes\.ts$/.test(name);

function problemsOf(files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    // The feature is the first folder, the file's role its own name, however deep (billing/items/queries.ts).
    const [folder] = file.split('/');
    const name = path.posix.basename(file);
    if (folder === undefined) continue;
    if (THIN_ROUTES.includes(folder) && isRouteFile(name)) {
      if (text.includes('.transaction('))
        problems.push(`${file}: opens a transaction (a use case in writes.ts does)`);
      if (DRIZZLE_VALUE_IMPORT.test(text)) problems.push(`${file}: builds a where-clause (queries.ts does)`);
    }
    if (STATEMENTS_IN_QUERIES.includes(folder) && !name.includes('queries')) {
      if (STATEMENT.test(text)) problems.push(`${file}: runs a statement outside its query module`);
      else if (!isRouteFile(name) && DRIZZLE_VALUE_IMPORT.test(text))
        problems.push(`${file}: builds SQL outside its query module`);
    }
  }
  return problems;
}

describe('data-access rule', () => {
  it('names a route that opens a transaction or builds a where-clause, and rules that run statements', () => {
    const problems = problemsOf(
      new Map([
        ['classes/routes.ts', 'await app.database.transaction(async (tx) => {});'],
        ['students/routes.ts', "import { eq, ilike } from 'drizzle-orm';"],
        ['fee-components/rules.ts', 'const [row] = await tx\n  .select().from(t);'],
        ['employee/identity.ts', "import { sql } from 'drizzle-orm';"],
        ['classes/queries.ts', "import { eq } from 'drizzle-orm';\nawait tx.select().from(t);"],
        ['academic/routes.ts', "import type { AnyPgColumn } from 'drizzle-orm/pg-core';"],
        ['billing/bills/routes.ts', "import { eq } from 'drizzle-orm';"],
        ['billing/items/writes.ts', 'await tx.update(t).set({});'],
        ['billing/items/queries.ts', "import { eq } from 'drizzle-orm';\nawait tx.delete(t);"],
      ]),
    );
    expect(problems).toEqual([
      'classes/routes.ts: opens a transaction (a use case in writes.ts does)',
      'students/routes.ts: builds a where-clause (queries.ts does)',
      'fee-components/rules.ts: runs a statement outside its query module',
      'employee/identity.ts: builds SQL outside its query module',
      'billing/bills/routes.ts: builds a where-clause (queries.ts does)',
      'billing/items/writes.ts: runs a statement outside its query module',
    ]);
  });

  it('holds in the folders already moved', () => {
    const files = sourcesUnder(fileURLToPath(new URL('../src', import.meta.url)));
    expect([...files.keys()].filter((f) => isRouteFile(path.posix.basename(f))).length).toBeGreaterThan(20);
    expect(problemsOf(files)).toEqual([]);
  });
});
