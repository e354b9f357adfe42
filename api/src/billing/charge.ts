/**
 * Charging: the main bills of a class-month (`student-billing-batch`) and extra bills (`student-billing-extra`).
 * A component is charged to a student at most once, on whichever bill (a unique index backs it), so charging
 * twice creates nothing. Bills are written with provisional numbers; as the transaction commits, the branch's
 * counter is bumped once for the whole batch and the final numbers written (lib/numbering.ts `numberAtCommit`:
 * gap-free, and the counter is locked only during the commit).
 */
import {
  BILL_TYPE_EXTRA,
  BILL_TYPE_MAIN,
  billDueDate,
  billTotals,
  EXTRA_BILL_MESSAGES,
  extraBillDateRange,
  type FeeComponentFilter,
  FILTER_ALL,
  FORM_STATUS_UNCONFIRMED,
  itemDueDate,
  itemTotals,
  type StudentBillingBatch,
  type StudentBillingBatchResponse,
  type StudentBillingChargeClass,
  type StudentBillingChargeCounts,
} from '@keuangan/shared/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { insertMany } from '../db/insert-many';
import {
  class_students,
  classes,
  student_billing_items,
  student_billings,
  student_fee_components,
  students,
  yos_periodes,
} from '../db/schema';
import { applyRulesToClassMonth, applyRulesToNewItems } from '../discount-rules/rules';
import { checkPlacement } from '../fee-components/rules';
import { splitChargedComponent } from '../instalments/rules';
import { refreshTotals } from '../ledger/engine';
import { STUDENT_BILLS } from '../ledger/student-bills';
import { itemOnBill } from '../ledger/student-ledger';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { numberAtCommit, provisionalNumber } from '../lib/numbering';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';

export const CHARGE_MESSAGES = {
  charged: 'Berhasil Membebankan Komponen Pada Siswa',
  extraCreated: 'Data berhasil ditambahkan.',
  noComponents: 'Belum ada komponen biaya pada kelas dan bulan ini',
  componentOutside: 'Komponen tidak sesuai dengan kelas dan bulan yang dipilih',
  studentOutside: 'Siswa tidak terdaftar sebagai siswa aktif di kelas ini',
  alreadyCharged: 'Komponen sudah ditagihkan kepada siswa',
} as const;

type Who = BranchScope & { userId: number };
type Component = typeof student_fee_components.$inferSelect;

/**
 * A new item's columns: the component's price, no discount or bail, qty 1, nothing paid, and the component's due
 * date as of now, never before the bill's date (docs/decisions.md "Due dates kept on the item").
 */
function newItem(
  scope: BranchScope,
  studentId: number,
  departmentId: number,
  component: Component,
  billDate: string,
) {
  return {
    client_id: scope.clientId,
    branch_id: scope.branchId,
    department_id: departmentId,
    student_id: studentId,
    student_fee_component_id: component.id,
    fee_type_id: component.fee_type_id,
    ftype: component.ftype,
    price: component.price,
    discount: 0,
    bail: 0,
    qty: 1,
    due_date: itemDueDate(component, billDate),
    ...itemTotals({ price: component.price, discount: 0, bail: 0, qty: 1, total_payment: 0 }),
  };
}

/** Active students (study_status 1) of the class, by id. */
async function activeMembers(tx: Tx, scope: BranchScope, classId: number) {
  return tx
    .select({ id: students.id, name: students.name })
    .from(class_students)
    .innerJoin(students, eq(students.id, class_students.student_id))
    .where(inBranch(scope, students, eq(class_students.class_id, classId), eq(students.study_status, 1)))
    .orderBy(asc(students.id));
}

/** `student:component` pairs already charged, for these students and components. */
async function chargedPairs(tx: Tx, studentIds: number[], componentIds: number[]): Promise<Set<string>> {
  if (studentIds.length === 0 || componentIds.length === 0) return new Set();
  const rows = await tx
    .select({ s: student_billing_items.student_id, c: student_billing_items.student_fee_component_id })
    .from(student_billing_items)
    .where(
      and(
        inArray(student_billing_items.student_id, studentIds),
        inArray(student_billing_items.student_fee_component_id, componentIds),
        itemOnBill,
      ),
    );
  return new Set(rows.map((r) => `${r.s}:${r.c}`));
}

interface NewBill {
  studentId: number;
  components: Component[];
}

/** Numbers new bills of the month `mm`, in the order of `ids`, as the transaction commits. */
function numberBills(tx: Tx, who: Who, mm: string, ids: number[]): Promise<void> {
  return numberAtCommit(tx, who, 'student_billing', mm, student_billings, ids);
}

/**
 * Inserts bills with their items and totals, under provisional numbers (`numberBills` numbers them at commit);
 * answers their ids in the same order.
 */
async function insertBills(
  tx: Tx,
  who: Who,
  placement: FeeComponentFilter,
  bills: NewBill[],
  kind: { type: number; bill_date: string },
): Promise<number[]> {
  if (bills.length === 0) return [];
  const numbers = bills.map(() => provisionalNumber());
  const items = bills.map((b) =>
    b.components.map((c) => newItem(who, b.studentId, placement.department_id, c, kind.bill_date)),
  );
  const inserted = await insertMany(
    tx,
    student_billings,
    bills.map((b, i) => ({
      client_id: who.clientId,
      branch_id: who.branchId,
      bill_number: numbers[i] as string,
      student_id: b.studentId,
      ...placement,
      bill_date: kind.bill_date,
      type: kind.type,
      form_status: FORM_STATUS_UNCONFIRMED,
      ...billTotals(items[i] ?? []),
      due_date: billDueDate(items[i] ?? [], kind.bill_date),
      created_by: who.userId,
    })),
    ['id', 'bill_number'],
  );
  // Match by (provisional, unique) number, not by the order RETURNING happens to give.
  const idOf = new Map(inserted.map((r) => [r.bill_number, r.id]));
  const ids = numbers.map((n) => idOf.get(n) as number);
  await insertMany(
    tx,
    student_billing_items,
    items.flatMap((list, i) => list.map((item) => ({ ...item, student_billing_id: ids[i] as number }))),
    ['id'],
  );
  return ids;
}

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
  const targets: ChargedClass[] = await tx
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(
      wholeLevel
        ? inBranch(
            who,
            classes,
            eq(classes.level_id, request.level_id),
            eq(classes.year_of_study_id, request.year_of_study_id),
          )
        : eq(classes.id, request.class_id as number),
    )
    .orderBy(asc(classes.id))
    .for('update');
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
  const components = await tx
    .select()
    .from(student_fee_components)
    .where(
      inBranch(
        who,
        student_fee_components,
        eq(student_fee_components.class_id, filter.class_id),
        eq(student_fee_components.mm, filter.mm),
      ),
    )
    .orderBy(asc(student_fee_components.id));
  const outcome = { class_id: cls.id, class_name: cls.name, components: components.length };
  if (components.length === 0) {
    return {
      outcome: { ...outcome, students: 0, created: 0, updated: 0, skipped: 0, items_added: 0 },
      billIds: [],
    };
  }

  const members = await activeMembers(tx, who, filter.class_id);
  const studentIds = members.map((m) => m.id);
  const mains = studentIds.length
    ? await tx
        .select({
          id: student_billings.id,
          student_id: student_billings.student_id,
          form_status: student_billings.form_status,
          bill_date: student_billings.bill_date,
          created_at: student_billings.created_at,
        })
        .from(student_billings)
        .where(
          inBranch(
            who,
            student_billings,
            inArray(student_billings.student_id, studentIds),
            eq(student_billings.mm, filter.mm),
            eq(student_billings.type, BILL_TYPE_MAIN),
          ),
        )
        .orderBy(asc(student_billings.id))
        .for('update')
    : [];
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
    await tx.insert(student_billing_items).values(
      additions.flatMap((a) =>
        a.components.map((c) => ({
          ...newItem(who, a.studentId, filter.department_id, c, a.billDate),
          student_billing_id: a.billId,
        })),
      ),
    );
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

/**
 * `POST /api/student-billing-extra`: one unconfirmed extra bill (type 2) per student, one item per component,
 * all or nothing. Components must be the class-month's, students active members of the class, and none of
 * the pairs already charged (409 naming them).
 */
export async function createExtraBills(
  tx: Tx,
  who: Who,
  body: FeeComponentFilter & { bill_date: string; student_fee_components: number[]; students: number[] },
): Promise<number[]> {
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
  const components = await tx
    .select()
    .from(student_fee_components)
    .where(inBranch(who, student_fee_components, inArray(student_fee_components.id, componentIds)))
    .orderBy(asc(student_fee_components.id));
  if (components.length !== componentIds.length) throw notFound();
  if (components.some((c) => c.class_id !== body.class_id || c.mm !== body.mm)) {
    throw fieldError('student_fee_components', CHARGE_MESSAGES.componentOutside);
  }

  const studentIds = [...new Set(body.students)];
  const known = await tx
    .select({ id: students.id })
    .from(students)
    .where(inBranch(who, students, inArray(students.id, studentIds)));
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
