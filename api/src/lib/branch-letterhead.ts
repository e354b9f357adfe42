import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches } from '../db/schema';
import { notFound } from './errors';
import type { BranchScope } from './scope';

/** The active branch as receipts and PDFs print it. */
export async function loadBranch(db: Db, scope: BranchScope) {
  const [branch] = await db
    .select({
      name: branches.name,
      address: branches.address,
      phone: branches.phone,
      website: branches.website,
      city: branches.city,
    })
    .from(branches)
    .where(eq(branches.id, scope.branchId));
  if (!branch) throw notFound();
  return branch;
}
