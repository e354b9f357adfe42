// The data-access rule (api/README.md, "How a feature is built"), kept true in every folder of src/ but three.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from '../../scripts/lib/sources.mjs';

/**
 * Every folder of src/ but these keeps the rule: its routes open no transaction and build no where-clause, and its
 * statements all live in its query modules (`*queries*.ts`). db/ is the client and schema, seed/ the demo data,
 * lib/ the statements every feature shares (each file one query helper: numbering, paging, the audit record).
 */
const EXEMPT = ['db', 'seed', 'lib'];

const STATEMENT = /\b(tx|db|database\.db)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;
const DRIZZLE_VALUE_IMPORT = /import\s+(?!type\b)[^;]*?from\s+'drizzle-orm'/;
const isRouteFile = (name: string) => /(^|-)routes\.ts$/.test(name);

function problemsOf(files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    // The feature is the first folder, the file's role its own name, however deep (billing/items/queries.ts).
    const [folder] = file.split('/');
    const name = path.posix.basename(file);
    if (folder === undefined || EXEMPT.includes(folder)) continue;
    if (isRouteFile(name)) {
      if (text.includes('.transaction('))
        problems.push(`${file}: opens a transaction (a use case in writes.ts does)`);
      if (DRIZZLE_VALUE_IMPORT.test(text)) problems.push(`${file}: builds a where-clause (queries.ts does)`);
    }
    if (!name.includes('queries')) {
      if (STATEMENT.test(text)) problems.push(`${file}: runs a statement outside its query module`);
      else if (!isRouteFile(name) && DRIZZLE_VALUE_IMPORT.test(text))
        problems.push(`${file}: builds SQL outside its query module`);
    }
  }
  return problems;
}

describe('data-access rule', () => {
  it('names a route that opens a transaction or builds a where-clause, and rules that run statements or build SQL', () => {
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
        ['ledger/engine.ts', "import { type SQL, sql } from 'drizzle-orm';"],
        ['ledger/period-lock.ts', 'await tx.execute(sql`select 1`);'],
        ['ledger/tables.ts', "import type { SQL } from 'drizzle-orm';"],
        ['ledger/journal-post-queries.ts', "import { sql } from 'drizzle-orm';\nawait tx.execute(s);"],
        ['lib/numbering.ts', 'await tx.execute(s);'],
        ['seed/bills.ts', "import { sql } from 'drizzle-orm';\nawait db.insert(t);"],
      ]),
    );
    expect(problems).toEqual([
      'classes/routes.ts: opens a transaction (a use case in writes.ts does)',
      'students/routes.ts: builds a where-clause (queries.ts does)',
      'fee-components/rules.ts: runs a statement outside its query module',
      'employee/identity.ts: builds SQL outside its query module',
      'billing/bills/routes.ts: builds a where-clause (queries.ts does)',
      'billing/items/writes.ts: runs a statement outside its query module',
      'ledger/engine.ts: builds SQL outside its query module',
      'ledger/period-lock.ts: runs a statement outside its query module',
    ]);
  });

  it('holds in every folder of src/ but db, seed and lib', () => {
    const files = sourcesUnder(fileURLToPath(new URL('../src', import.meta.url)));
    expect([...files.keys()].filter((f) => isRouteFile(path.posix.basename(f))).length).toBeGreaterThan(20);
    expect(problemsOf(files)).toEqual([]);
  });
});
