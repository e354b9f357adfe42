// The layer check of `pnpm lint` (scripts/check-api-layers.mjs; api/README.md, "Layers").
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arrowsOf, mutualPairs, problemsOf, unitOf } from '../../scripts/check-api-layers.mjs';
import { sourcesUnder } from '../../scripts/lib/sources.mjs';

const check = (files: Record<string, string>) => problemsOf(arrowsOf(new Map(Object.entries(files))));

describe('API layers check', () => {
  it('passes imports that run down: feature → ledger → auth → lib → db → config', () => {
    expect(
      check({
        'billing/routes.ts': "import { pay } from '../ledger/engine';\nimport type { X } from './queries';",
        'ledger/engine.ts': "import { requireAuth } from '../auth/guard';",
        'auth/guard.ts': "import { ApiError } from '../lib/errors';",
        'lib/errors.ts': "import type { Db } from '../db/client';",
        'db/client.ts': "import { MIGRATIONS_DIR } from '../config';",
        'app.ts': "import { billingRoutes } from './billing/routes';",
      }),
    ).toEqual([]);
  });

  it('refuses a lower layer importing a feature, naming the file and the import', () => {
    expect(
      check({
        'ledger/engine.ts': "import { itemOnBill } from '../billing/queries';",
        'billing/queries.ts': "import { STUDENT_BILLS } from '../ledger/student-bills-queries';",
      }),
    ).toContain(
      "api/src/ledger/engine.ts: '../billing/queries' (ledger may import only config, db, lib, openapi, auth)",
    );
  });

  it('refuses two features that import each other, type-only and dynamic imports too', () => {
    const problems = check({
      'billing/charge.ts': "import type { Rule } from '../discount-rules/rules';",
      'discount-rules/rules.ts': "const m = await import('../billing/queries');",
      'reports/routes.ts': "import { x } from '../billing/queries';",
    });
    expect(problems).toEqual([
      "api/src/billing/charge.ts: '../discount-rules/rules' (billing → discount-rules is on a loop of folder imports)",
      "api/src/discount-rules/rules.ts: '../billing/queries' (discount-rules → billing is on a loop of folder imports)",
    ]);
  });

  it('reads a file in a sub-folder as its feature, first folder under src/', () => {
    expect(unitOf('billing/bills/routes.ts')).toBe('billing');
    expect(unitOf('app.ts')).toBe('app');
    expect(
      check({
        'billing/bills/routes.ts':
          "import { pay } from '../../ledger/engine';\nimport { x } from '../queries';",
        'billing/items/writes.ts': "import { y } from '../charging/queries';",
        'reports/routes.ts': "import { x } from '../billing/bills/list-queries';",
      }),
    ).toEqual([]);
    expect(
      check({
        'ledger/engine.ts': "import { itemOnBill } from '../billing/items/queries';",
        'billing/items/queries.ts': "import { STUDENT_BILLS } from '../../ledger/student-bills-queries';",
      }),
    ).toContain(
      "api/src/ledger/engine.ts: '../billing/items/queries' (ledger may import only config, db, lib, openapi, auth)",
    );
  });

  it('refuses a loop through three folders', () => {
    expect(
      check({
        'a/x.ts': "import { y } from '../b/y';",
        'b/y.ts': "export { z } from '../c/z';",
        'c/z.ts': "import { x } from '../a/x';",
      }),
    ).toHaveLength(3);
  });

  it('finds no folders of api/src that import each other', () => {
    const arrows = arrowsOf(sourcesUnder(fileURLToPath(new URL('../src', import.meta.url))));
    expect(arrows.length).toBeGreaterThan(100);
    expect(mutualPairs(arrows)).toEqual([]);
    expect(problemsOf(arrows)).toEqual([]);
  });
});
