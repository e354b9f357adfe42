/**
 * Charging the main bills of a class-month and extra bills: a component is charged to a student once (a unique
 * index), so charging twice creates nothing; numbers are taken at commit (lib/numbering.ts `numberAtCommit`).
 */
import {
  BILL_TYPE_EXTRA,
  BILL_TYPE_MAIN,
  EXTRA_BILL_MESSAGES,
  extraBillDateRange,
  type FeeComponentFilter,
  FILTER_ALL,
  FORM_STATUS_UNCONFIRMED,
  type StudentBillingBatch,
  type StudentBillingBatchResponse,
  type StudentBillingChargeClass,
  type StudentBillingChargeCounts,
} from '@keuangan/shared/contract';
import type { Tx } from '../../db/client';
import { yos_periodes } from '../../db/schema';
import { applyRulesToClassMonth, applyRulesToNewItems } from '../../discount-rules/rules';
import { checkPlacement } from '../../fee-components/rules';
import { splitChargedComponent } from '../../instalments/rules';
import { refreshTotals } from '../../ledger/engine';
import { STUDENT_BILLS } from '../../ledger/student-bills-queries';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import { findInBranch } from '../../lib/scope';
import {
  activeMembers,
  type Component,
  chargedPairs,
  componentsByIds,
  componentsOfClassMonth,
  insertAdditions,
  insertBills,
  lockMainBills,
  lockTargetClasses,
  type NewBill,
  numberBills,
  studentsOfBranch,
  type Who,
} from './queries';

export const CHARGE_MESSAGES = {
  charged: 'Berhasil Membebankan Komponen Pada Siswa',
  extraCreated: 'Data berhasil ditambahkan.',
  noComponents: 'Belum ada komponen biaya pada kelas dan bulan ini',
  componentOutside: 'Komponen tidak sesuai dengan kelas dan bulan yang dipilih',
  studentOutside: 'Siswa tidak terdaftar sebagai siswa aktif di kelas ini',
  alreadyCharged: 'Komponen sudah ditagihkan kepada siswa',
} as const;

type ChargedClass = { id: number; name: string };

/**
 * `POST /api/student-billing-batch`: charges one class-month, or with `class_id: 'all'` every class of the
 * level (of that year of study) in the month. All or nothing: one transaction, the classes locked in id
 * order (two charges of overlapping classes queue, never deadlock). In a level, a class without components
 * that month is reported with `components: 0` and charges nothing; none at all is 422, as for one class.
 */
export async function chargeBatch(
  tx: Tx,
  who: Who,
  { instalment, ...request }: StudentBillingBatch,
): Promise<Omit<StudentBillingBatchResponse, 'message'>> {
  const wholeLevel = request.class_id === FILTER_ALL;
  await checkPlacement(tx, who, {
    ...request,
    class_id: wholeLevel ? undefined : (request.class_id as number),
  });
  // One charge of a class at a time (two cashiers pressing Bebankan together).
  const targets = await lockTargetClasses(tx, who, request, wholeLevel);
  const outcomes: StudentBillingChargeClass[] = [];
  const newBills: number[] = [];
  for (const cls of targets) {
    const { outcome, billIds } = await chargeClassMonth(tx, who, { ...request, class_id: cls.id }, cls);
    outcomes.push(outcome);
    newBills.push(...billIds);
  }
  if (outcomes.every((o) => o.components === 0)) throw new ApiError(422, CHARGE_MESSAGES.noComponents);
  // Discount rules (docs/money.md#discount-rules) on the items just charged, before the numbering that comes last.
  await applyRulesToClassMonth(
    tx,
    who,
    targets.map((c) => c.id),
    request.mm,
  );
  // Cicilan: the optional plan of one component, on its items charged now (instalments/rules.ts).
  if (instalment) {
    await splitChargedComponent(tx, who, instalment, { classIds: targets.map((t) => t.id), mm: request.mm });
  }
  // One bump of the counter for every new bill of the batch, classes in id order, students in id order.
  await numberBills(tx, who, request.mm, newBills);
  const sum = (key: keyof StudentBillingChargeCounts) => outcomes.reduce((n, o) => n + o[key], 0);
  return {
    students: sum('students'),
    created: sum('created'),
    updated: sum('updated'),
    skipped: sum('skipped'),
    items_added: sum('items_added'),
    classes: outcomes.sort((a, b) => a.class_name.localeCompare(b.class_name, 'id', { numeric: true })),
  };
}

/**
 * One class-month: for every active student of the class one main bill (type 1) for the month with one item
 * per component of the class-month. A student who has one already: an unconfirmed bill gets the components
 * created after it (added later to the fee list), a confirmed one is left alone. The class row is locked
 * and the placement checked by the caller, which numbers the new bills (answered as `billIds`).
 */
async function chargeClassMonth(
  tx: Tx,
  who: Who,
  filter: FeeComponentFilter,
  cls: ChargedClass,
): Promise<{ outcome: StudentBillingChargeClass; billIds: number[] }> {
  const components = await componentsOfClassMonth(tx, who, filter);
  const outcome = { class_id: cls.id, class_name: cls.name, components: components.length };
  if (components.length === 0) {
    return {
      outcome: { ...outcome, students: 0, created: 0, updated: 0, skipped: 0, items_added: 0 },
      billIds: [],
    };
  }

  const members = await activeMembers(tx, who, filter.class_id);
  const studentIds = members.map((m) => m.id);
  const mains = await lockMainBills(tx, who, studentIds, filter.mm);
  // Read after the bills are locked: an item added to one of them meanwhile is seen.
  const charged = await chargedPairs(
    tx,
    studentIds,
    components.map((c) => c.id),
  );
  const mainOf = new Map(mains.map((m) => [m.student_id, m]));
  const uncharged = (studentId: number, list: Component[]) =>
    list.filter((c) => !charged.has(`${studentId}:${c.id}`));

  const fresh: NewBill[] = [];
  const additions: { billId: number; billDate: string; studentId: number; components: Component[] }[] = [];
  let skipped = 0;
  for (const studentId of studentIds) {
    const main = mainOf.get(studentId);
    if (!main) {
      const list = uncharged(studentId, components);
      if (list.length > 0) fresh.push({ studentId, components: list });
      else skipped++;
    } else if (main.form_status === FORM_STATUS_UNCONFIRMED) {
      // Only components created after the bill: one removed from the bill by hand is not put back.
      const later = uncharged(
        studentId,
        components.filter((c) => c.created_at.getTime() > main.created_at.getTime()),
      );
      if (later.length > 0)
        additions.push({ billId: main.id, billDate: main.bill_date, studentId, components: later });
      else skipped++;
    } else skipped++;
  }

  const billIds = await insertBills(tx, who, filter, fresh, {
    type: BILL_TYPE_MAIN,
    bill_date: `${filter.mm}-01`,
  });
  if (additions.length > 0) {
    await insertAdditions(tx, who, filter.department_id, additions);
    for (const a of additions) await refreshTotals(tx, STUDENT_BILLS, a.billId);
  }
  const count = (list: { components: Component[] }[]) => list.reduce((n, b) => n + b.components.length, 0);
  return {
    outcome: {
      ...outcome,
      students: studentIds.length,
      created: fresh.length,
      updated: additions.length,
      skipped,
      items_added: count(fresh) + count(additions),
    },
    billIds,
  };
}

export type ExtraBills = FeeComponentFilter & {
  bill_date: string;
  student_fee_components: number[];
  students: number[];
};

/**
 * `POST /api/student-billing-extra`: one unconfirmed extra bill (type 2) per student, one item per component,
 * all or nothing. Components must be the class-month's, students active members of the class, and none of
 * the pairs already charged (409 naming them).
 */
export async function createExtraBills(tx: Tx, who: Who, body: ExtraBills): Promise<number[]> {
  const placement: FeeComponentFilter = {
    department_id: body.department_id,
    year_of_study_id: body.year_of_study_id,
    yos_periode_id: body.yos_periode_id,
    level_id: body.level_id,
    class_id: body.class_id,
    mm: body.mm,
  };
  await checkPlacement(tx, who, placement);
  const period = await findInBranch(tx, who, yos_periodes, body.yos_periode_id);
  const range = extraBillDateRange(body.mm, period.end_date);
  if (body.bill_date < range.min) throw fieldError('bill_date', EXTRA_BILL_MESSAGES.dateTooEarly);
  if (body.bill_date > range.max) throw fieldError('bill_date', EXTRA_BILL_MESSAGES.dateTooLate);

  const componentIds = [...new Set(body.student_fee_components)];
  const components = await componentsByIds(tx, who, componentIds);
  if (components.length !== componentIds.length) throw notFound();
  if (components.some((c) => c.class_id !== body.class_id || c.mm !== body.mm)) {
    throw fieldError('student_fee_components', CHARGE_MESSAGES.componentOutside);
  }

  const studentIds = [...new Set(body.students)];
  const known = await studentsOfBranch(tx, who, studentIds);
  if (known.length !== studentIds.length) throw notFound();
  const members = new Map((await activeMembers(tx, who, body.class_id)).map((m) => [m.id, m.name]));
  if (studentIds.some((id) => !members.has(id))) throw fieldError('students', CHARGE_MESSAGES.studentOutside);

  const charged = await chargedPairs(tx, studentIds, componentIds);
  if (charged.size > 0) {
    const names = [...charged].map((pair) => {
      const [s, c] = pair.split(':').map(Number);
      return `${members.get(s as number)} - ${components.find((x) => x.id === c)?.name}`;
    });
    // ';' between pairs: the screens turn commas into line breaks.
    throw new ApiError(409, `${CHARGE_MESSAGES.alreadyCharged}: ${names.join('; ')}`);
  }
  const ids = await insertBills(
    tx,
    who,
    placement,
    studentIds.map((studentId) => ({ studentId, components })),
    { type: BILL_TYPE_EXTRA, bill_date: body.bill_date },
  );
  await applyRulesToNewItems(tx, who, ids);
  await numberBills(tx, who, placement.mm, ids);
  return ids;
}
