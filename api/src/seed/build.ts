/**
 * Builds the demo data in memory: a pure function of the date, so every run on the same day gives the
 * same rows (ids included). Dates are relative to `today` so the current month always has bills and
 * payments. Loading it into the database is seed/index.ts. Each part of the school is a file of its own;
 * they run in this order because the seeded random numbers are drawn in it.
 */
import { addAdmissions } from './admissions';
import { addMonthlyBills } from './bills';
import { createContext, type SeedRows } from './context';
import { BRANCH_DEFS, DEPARTMENT_DEFS } from './definitions';
import { addDiscountRules } from './discounts';
import { addInstalmentDemo } from './instalments';
import { numberDocuments } from './numbering';
import { peopleOf } from './people';
import { addReferenceData } from './reference';
import { addBranch, addDepartment } from './school';
import { addStaffMembers } from './staff';
import { addStudents } from './students';

export type { SeedRows } from './context';
export { DEMO_ACCOUNTS } from './definitions';

export function buildSeed(today: string): SeedRows {
  const ctx = createContext(today);
  const reference = addReferenceData(ctx);
  const people = peopleOf(ctx, reference);
  const branchIds = BRANCH_DEFS.map(() => ctx.ids.branches());
  const staff = addStaffMembers(ctx, reference, people, branchIds);

  // Cicilan's demo (Bandung's first department), added last: see seed/instalments.ts.
  let instalmentDemo: (() => void) | undefined;
  BRANCH_DEFS.forEach((branch, b) => {
    const scope = addBranch(ctx, {
      branch,
      b,
      branchId: branchIds[b] as number,
      clientId: reference.clientId,
      financeUser: staff.financeUserIds[0] as number, // the demo finance account records the payments
    });
    const homerooms = [...(staff.homeroomPool[b] ?? [])];
    DEPARTMENT_DEFS.forEach((dept, d) => {
      const structure = addDepartment(ctx, scope, dept, d, homerooms);
      const enrolment = addStudents(ctx, people, reference, scope, structure);
      addMonthlyBills(ctx, scope, structure, enrolment);
      if (b === 0 && d === 0) instalmentDemo = () => addInstalmentDemo(ctx, scope, structure, enrolment);
      addAdmissions(ctx, people, reference, scope, structure);
    });
    addDiscountRules(ctx, scope);
  });

  instalmentDemo?.();
  numberDocuments(ctx.rows, reference.clientId);
  return ctx.rows;
}
