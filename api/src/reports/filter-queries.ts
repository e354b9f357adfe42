/** The statement behind a report's filter lines (filter-lines.ts) that `findInBranch` cannot make. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { periodes, yos_periodes } from '../db/schema';
import { notFound } from '../lib/errors';
import { type BranchScope, inBranch } from '../lib/scope';

/** The name of a period of a year of study (Periode KBM) of the branch, or 404. */
export async function periodName(db: Db, scope: BranchScope, yosPeriodeId: number): Promise<string> {
  const [row] = await db
    .select({ name: periodes.name })
    .from(yos_periodes)
    .innerJoin(periodes, eq(periodes.id, yos_periodes.periode_id))
    .where(inBranch(scope, yos_periodes, eq(yos_periodes.id, yosPeriodeId)));
  if (!row) throw notFound();
  return row.name;
}
