/** What the simulated users work on, read from the seeded database once before the runs. */
import type pg from 'pg';

export interface PayableBill {
  id: number;
  itemId: number;
}

export interface BranchTargets {
  branchId: number;
  code: string;
  /** This month's confirmed, unpaid bills (one per student), with their first item. */
  bills: PayableBill[];
  /** Class-months with bills up to this month: what a cashier lists. */
  classMonths: Record<string, number | string>[];
}

export interface Targets {
  branches: BranchTargets[];
  /** The first branch's department-year with the most bills: what the manager exports. */
  exportFilter: { department_id: number; year_of_study_id: number };
}

export async function readTargets(db: pg.Client): Promise<Targets> {
  const branches = (await db.query('SELECT id, code FROM branches ORDER BY id')).rows as {
    id: number;
    code: string;
  }[];
  const result: BranchTargets[] = [];
  for (const branch of branches) {
    const bills = await db.query(
      // A join with min(), not a subquery with ORDER BY id LIMIT 1: at 277,200 bills the planner walked the
      // items' primary key for each bill (over a minute per branch).
      `SELECT b.id, min(i.id) AS item_id
       FROM student_billings b JOIN student_billing_items i ON i.student_billing_id = b.id
       WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND b.form_status = 1 AND b.payment_status = 0
         AND b.bill_date <= current_date
       GROUP BY b.id ORDER BY b.id`,
      [branch.id],
    );
    const classMonths = await db.query(
      `SELECT DISTINCT ON (b.class_id) b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id, b.mm
       FROM student_billings b
       WHERE b.branch_id = $1 AND b.bill_number LIKE 'BEN-%' AND b.bill_date <= current_date
       ORDER BY b.class_id, b.mm DESC`,
      [branch.id],
    );
    if (bills.rowCount === 0) throw new Error(`branch ${branch.code} has no unpaid bills of this month`);
    result.push({
      branchId: branch.id,
      code: branch.code,
      bills: bills.rows.map((r) => ({ id: Number(r.id), itemId: Number(r.item_id) })),
      classMonths: classMonths.rows,
    });
  }
  const first = result[0] as BranchTargets;
  const place = await db.query(
    `SELECT department_id, year_of_study_id FROM student_billings WHERE branch_id = $1
     GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    [first.branchId],
  );
  return { branches: result, exportFilter: place.rows[0] };
}
