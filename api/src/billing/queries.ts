/**
 * Reading student bills and payments: the row shapes of the contract (list row, detail, payment, receipt), the
 * list's filter, the unsettled-bill count behind the Semua Tagihan / Riwayat buttons, and what the student
 * picker, the payment history and the Semua Tagihan PDF read. The list's own statements are in
 * bills/list-queries.ts, the writes of bills in charging/bill-queries.ts and of items in items/queries.ts.
 */
import {
  instalmentsPaid,
  type StudentBilling,
  type StudentBillingDetail,
  type StudentBillingItem,
  type StudentBillingPayment,
  type StudentBillingPaymentReceipt,
  type StudentBillingRemovedItem,
  type StudentBrief,
} from '@keuangan/shared/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import {
  batches,
  branches,
  class_students,
  classes,
  departments,
  discount_rules,
  fee_types,
  levels,
  periodes,
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  student_billings,
  student_credit_movements,
  student_fee_components,
  students,
  users,
  years_of_study,
  yos_periodes,
} from '../db/schema';
import { splitLinesOf } from '../ledger/instalment-columns-queries';
import { overdueDaysOf } from '../ledger/overdue-queries';
import { itemOnBill, studentPaymentOnBill } from '../ledger/student-ledger-queries';
import { notFound } from '../lib/errors';
import {
  type BranchScope,
  type ClassMonthFilter,
  classMonthConditions,
  inBranch,
  optionalEq,
  PREPARED_SCOPE,
  scopeValues,
  sumOf,
  type ZonedScope,
} from '../lib/scope';
import { todayIn } from '../lib/time';

/**
 * The student's confirmed, unpaid bills in the bill's department dated up to today: what the Semua Tagihan
 * PDF lists (api/ROUTES.md "Billing").
 */
const unsettledCount = (today: string | Placeholder) =>
  sql<number>`(select count(*) from ${student_billings} as "unsettled"
    where "unsettled"."student_id" = ${student_billings.student_id}
    and "unsettled"."department_id" = ${student_billings.department_id} and "unsettled"."form_status" = 1
    and "unsettled"."payment_status" = 0 and "unsettled"."bill_date" <= ${today})`.mapWith(Number);

/**
 * The value of `column` in the row whose `id` equals the bill's `pointer` column, as a scalar subquery. Joined,
 * the six tables of a bill's names made PostgreSQL spend 1.6-3.2 ms planning the join order of a one-bill read
 * that then ran in 0.2 ms (EXPLAIN ANALYZE on the bench data); as subqueries each is planned on its own and
 * the whole statement plans in 0.3 ms. Every pointer is a not-null foreign key, so the value is always there.
 */
function pointed<T>(column: AnyPgColumn, id: AnyPgColumn, pointer: AnyPgColumn | SQL) {
  return sql<T>`(select ${column} from ${column.table} where ${id} = ${pointer})`;
}

/**
 * Bills with their names (student, department, year, period, level, class), and `extra` columns of the
 * caller's; add `.where(...)`.
 */
export function selectBills<E extends Record<string, SQL> = Record<never, never>>(
  db: Db,
  extra: E,
  /** Today in the branch's zone ('YYYY-MM-DD'), or a placeholder of a prepared statement. */
  today: string | Placeholder,
) {
  const b = student_billings;
  const period = (column: AnyPgColumn) => pointed<string>(column, yos_periodes.id, b.yos_periode_id);
  return (
    db
      .select({
        bill: b,
        student: { id: students.id, name: students.name, nis: students.nis },
        department: {
          id: b.department_id,
          name: pointed<string>(departments.name, departments.id, b.department_id),
        },
        year_of_study: {
          id: b.year_of_study_id,
          name: pointed<string>(years_of_study.name, years_of_study.id, b.year_of_study_id),
        },
        yos_periode: {
          id: b.yos_periode_id,
          start_date: period(yos_periodes.start_date),
          end_date: period(yos_periodes.end_date),
          periode_name: pointed<string>(periodes.name, periodes.id, period(yos_periodes.periode_id)),
        },
        level: { id: b.level_id, name: pointed<string>(levels.name, levels.id, b.level_id) },
        class: { id: b.class_id, name: pointed<string>(classes.name, classes.id, b.class_id) },
        unsettled_bill_count: unsettledCount(today),
        overdue_days: overdueDaysOf(today),
        ...extra,
      })
      .from(b)
      // Joined: the list searches the student's name and NIS.
      .innerJoin(students, eq(students.id, b.student_id))
  );
}

type BillRow = Awaited<ReturnType<ReturnType<typeof selectBills<Record<never, never>>>['where']>>[number];

export function toBill(row: BillRow): StudentBilling {
  const { created_at: _c, updated_at: _u, created_by: _by, ...bill } = row.bill;
  const { periode_name, ...period } = row.yos_periode;
  return {
    ...bill,
    unsettled_bill_count: row.unsettled_bill_count,
    overdue_days: row.overdue_days,
    all_payment_status: row.unsettled_bill_count === 0 ? 1 : 0,
    student: row.student,
    department: row.department,
    year_of_study: row.year_of_study,
    yos_periode: { ...period, periode: { name: periode_name } },
    level: row.level,
    class: row.class,
  };
}

/** A bill's items with their component and fee type, in the order they were added. */
export async function loadItems(db: Db, billIds: number[]): Promise<StudentBillingItem[]> {
  if (billIds.length === 0) return [];
  const rows = await db
    .select({
      item: student_billing_items,
      component: {
        id: student_fee_components.id,
        name: student_fee_components.name,
        mm: student_fee_components.mm,
      },
      fee_type_name: fee_types.name,
      rule: { id: discount_rules.id, name: discount_rules.name, reason: discount_rules.reason },
      has_payments: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(student_billing_item_payments)
          .where(eq(student_billing_item_payments.student_billing_item_id, student_billing_items.id)),
      )}`,
    })
    .from(student_billing_items)
    .innerJoin(
      student_fee_components,
      eq(student_fee_components.id, student_billing_items.student_fee_component_id),
    )
    .innerJoin(fee_types, eq(fee_types.id, student_billing_items.fee_type_id))
    .leftJoin(discount_rules, eq(discount_rules.id, student_billing_items.discount_rule_id))
    .where(and(inArray(student_billing_items.student_billing_id, billIds), itemOnBill))
    .orderBy(asc(student_billing_items.student_billing_id), asc(student_billing_items.id));
  return rows.map(({ item, component, fee_type_name, rule, has_payments }) => {
    const {
      created_at: _c,
      updated_at: _u,
      removed_at: _ra,
      removed_by: _rb,
      removed_reason: _rr,
      ...rest
    } = item;
    return {
      ...rest,
      student_fee_component: { ...component, fee_type: { name: fee_type_name } },
      fee_type: { name: fee_type_name },
      // The rule its discount came from (the item's own column says which; a hand edit clears it).
      discount_rule: rule,
      has_payments: Boolean(has_payments),
    };
  });
}

const remover = alias(users, 'remover');

/** The bill's removed items, oldest removal first, with who removed them and why. */
export async function loadRemovedItems(db: Db, billId: number): Promise<StudentBillingRemovedItem[]> {
  const i = student_billing_items;
  const rows = await db
    .select({
      id: i.id,
      price: i.price,
      qty: i.qty,
      total_amount: i.total_amount,
      removed_at: i.removed_at,
      removed_reason: i.removed_reason,
      component: { id: student_fee_components.id, name: student_fee_components.name },
      fee_type_name: fee_types.name,
      remover: { id: remover.id, name: remover.name },
    })
    .from(i)
    .innerJoin(student_fee_components, eq(student_fee_components.id, i.student_fee_component_id))
    .innerJoin(fee_types, eq(fee_types.id, i.fee_type_id))
    .leftJoin(remover, eq(remover.id, i.removed_by))
    .where(and(eq(i.student_billing_id, billId), isNotNull(i.removed_at)))
    .orderBy(asc(i.removed_at), asc(i.id));
  return rows.map(({ component, fee_type_name, remover: by, removed_at, removed_reason, ...row }) => ({
    ...row,
    student_fee_component: { ...component, fee_type: { name: fee_type_name } },
    removed_at: (removed_at as Date).toISOString(),
    removed_by: by?.id == null ? null : { id: by.id, name: by.name ?? '' },
    removed_reason: removed_reason ?? '',
  }));
}

/** Who recorded and who voided a payment: join these and select `paymentPeople` (any kind of payment). */
export const voider = alias(users, 'voider');
export const creator = alias(users, 'creator');
export const paymentPeople = {
  created_by: { id: creator.id, name: creator.name },
  voided_by: { id: voider.id, name: voider.name },
};

type Person = { id: number | null; name: string | null } | null;
/** The columns every payment table has that the answers leave out or reshape. */
interface PaymentRowBase {
  client_id: number;
  branch_id: number;
  idempotency_key: string;
  request_fingerprint: string | null;
  created_by: number | null;
  voided_by: number | null;
  created_at: Date;
  updated_at: Date;
  voided_at: Date | null;
  first_printed_at: Date | null;
  amount: number;
  total_amount_payment_paid: number;
}

/**
 * A payment row of any kind as the contract's `BillPaymentBase` plus its own columns: owner and key
 * columns dropped, Kembali computed, timestamps as ISO text, who recorded and who voided it (void fields set
 * only once voided).
 */
export function toPaymentView<T extends PaymentRowBase>(payment: T, createdBy: Person, voidedBy: Person) {
  const {
    client_id: _client,
    branch_id: _branch,
    idempotency_key: _key,
    request_fingerprint: _fp,
    created_by: _createdBy,
    voided_by: _voidedBy,
    updated_at: _updated,
    ...rest
  } = payment;
  const named = (person: Person) => (person?.id ? { id: person.id, name: person.name ?? '' } : null);
  return {
    ...rest,
    change: rest.total_amount_payment_paid - rest.amount,
    created_at: rest.created_at.toISOString(),
    first_printed_at: rest.first_printed_at?.toISOString() ?? null,
    is_void: rest.voided_at !== null,
    voided_at: rest.voided_at?.toISOString() ?? null,
    voided_by: named(voidedBy),
    created_by: named(createdBy),
  };
}

/**
 * A payment's item payments as every answer shows them (component, fee type, the item's totals now), oldest
 * first, as one JSON column of the payment's own statement: no second statement for the lines.
 */
const linesOfPayment = (() => {
  const l = student_billing_item_payments;
  const i = student_billing_items;
  const fc = student_fee_components;
  return sql<
    StudentBillingPayment['student_billing_item_payments']
  >`(select coalesce(json_agg(json_build_object(
      'id', ${l.id}, 'student_billing_item_id', ${l.student_billing_item_id},
      'student_fee_component_id', ${l.student_fee_component_id}, 'amount', ${l.amount},
      'student_fee_component', json_build_object('name', ${fc.name}, 'fee_type', json_build_object('name', ${fee_types.name})),
      'student_billing_item', json_build_object('id', ${i.id}, 'total_amount', ${i.total_amount},
        'total_billing', ${i.total_billing}, 'payment_status', ${i.payment_status}),
      'bill', json_build_object('id', "line_bill"."id", 'bill_number', "line_bill"."bill_number",
        'mm', "line_bill"."mm")
    ) order by ${l.id}), '[]'::json)
    from ${l}
    inner join ${i} on ${i.id} = ${l.student_billing_item_id}
    inner join ${student_billings} as "line_bill" on "line_bill"."id" = ${i.student_billing_id}
    inner join ${fc} on ${fc.id} = ${l.student_fee_component_id}
    inner join ${fee_types} on ${fee_types.id} = ${fc.fee_type_id}
    where ${l.student_billing_payment_id} = ${student_billing_payments.id})`;
})();

/**
 * Payment rows with their bill's heading, who recorded and voided them, their lines, and `extra` columns of the
 * caller's; add `.where(...)`.
 */
function selectPayments<E extends Record<string, SQL | AnyPgColumn> = Record<never, never>>(
  db: Db,
  extra: E = {} as E,
) {
  return db
    .select({
      payment: student_billing_payments,
      ...paymentPeople,
      bill: {
        id: student_billings.id,
        bill_number: student_billings.bill_number,
        bill_date: student_billings.bill_date,
        mm: student_billings.mm,
        type: student_billings.type,
      },
      lines: linesOfPayment,
      ...extra,
    })
    .from(student_billing_payments)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_payments.student_billing_id))
    .leftJoin(creator, eq(creator.id, student_billing_payments.created_by))
    .leftJoin(voider, eq(voider.id, student_billing_payments.voided_by));
}

type PaymentRow = Awaited<
  ReturnType<ReturnType<typeof selectPayments<Record<never, never>>>['where']>
>[number];

/** A payment row as the answers show it. */
function toPayment({ payment, created_by, voided_by, bill, lines }: PaymentRow): StudentBillingPayment {
  return {
    ...toPaymentView(payment, created_by, voided_by),
    student_billing: bill,
    student_billing_item_payments: lines,
  };
}

/** Payments matching `where` (scope it!), oldest first unless `order` says otherwise, with their item payments. */
export async function loadPayments(
  db: Db,
  where: SQL,
  page?: { limit: number; offset: number; order: SQL[] },
): Promise<StudentBillingPayment[]> {
  let query = selectPayments(db)
    .where(where)
    .orderBy(...(page?.order ?? [asc(student_billing_payments.id)]))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  return (await query).map(toPayment);
}

/** One bill of the branch with its items and payments, or 404. */
export async function loadBillDetail(db: Db, scope: ZonedScope, id: number): Promise<StudentBillingDetail> {
  // At once: the items and payments are only answered when the bill is the branch's.
  const [[row], items, removed, payments] = await Promise.all([
    selectBills(db, {}, todayIn(scope)).where(inBranch(scope, student_billings, eq(student_billings.id, id))),
    loadItems(db, [id]),
    loadRemovedItems(db, id),
    loadPayments(db, inBranch(scope, student_billing_payments, studentPaymentOnBill(id))),
  ]);
  if (!row) throw notFound();
  return {
    ...toBill(row),
    student_billing_items: items,
    removed_items: removed,
    student_billing_payments: payments,
  };
}

/**
 * One payment of the branch (`id`) with its lines, the bill's names and state and the branch: everything a
 * receipt or note prints, in one statement (prepared: every payment answers its receipt).
 */
const receiptRow = prepared('student_receipt', (db) => {
  const b = student_billings;
  const br = branches;
  const name = pointed<string>;
  return selectPayments(db, {
    student_name: name(students.name, students.id, b.student_id),
    student_nis: name(students.nis, students.id, b.student_id),
    student_id: b.student_id,
    class_name: name(classes.name, classes.id, b.class_id),
    department_name: name(departments.name, departments.id, b.department_id),
    year_name: name(years_of_study.name, years_of_study.id, b.year_of_study_id),
    periode_name: name(
      periodes.name,
      periodes.id,
      pointed<number>(yos_periodes.periode_id, yos_periodes.id, b.yos_periode_id),
    ),
    form_status: b.form_status,
    payment_status: b.payment_status,
    total_billing: b.total_billing,
    split_lines: splitLinesOf(student_billing_payments.id),
    branch: sql<StudentBillingPaymentReceipt['branch']>`(select json_build_object('name', ${br.name},
      'address', ${br.address}, 'phone', ${br.phone}, 'website', ${br.website}, 'city', ${br.city})
      from ${br} where ${br.id} = ${student_billing_payments.branch_id})`,
  }).where(
    inBranch(
      PREPARED_SCOPE,
      student_billing_payments,
      eq(student_billing_payments.id, sql.placeholder('id')),
    ),
  );
});

/** Everything a receipt or note prints about one payment of the branch (voided ones too), or 404. */
export async function loadReceipt(
  db: Db,
  scope: BranchScope,
  paymentId: number,
): Promise<StudentBillingPaymentReceipt> {
  const [[row], credit] = await Promise.all([
    receiptRow(db, { ...scopeValues(scope), id: paymentId }),
    creditOfPayment(db, scope, paymentId),
  ]);
  if (!row) throw notFound();
  const payment = toPayment(row);
  return {
    ...payment,
    branch: row.branch,
    student: { id: row.student_id, name: row.student_name, nis: row.student_nis },
    class: { name: row.class_name },
    department: { name: row.department_name },
    year_of_study: { name: row.year_name },
    yos_periode: { periode: { name: row.periode_name } },
    student_billing: {
      ...payment.student_billing,
      form_status: row.form_status,
      payment_status: row.payment_status,
      total_billing: row.total_billing,
    },
    instalments: row.split_lines.flatMap((line) => {
      const paid = instalmentsPaid(line.instalments, line.paid_before, line.amount);
      return paid ? [{ student_billing_item_id: line.item_id, ...paid }] : [];
    }),
    credit,
  };
}

/** The Saldo Titipan movement a payment brought or spent (`payment:{id}`, ledger/student-credit.ts); 0 when none. */
async function creditOfPayment(db: Db, scope: BranchScope, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ amount: sumOf(student_credit_movements.amount) })
    .from(student_credit_movements)
    .where(
      inBranch(
        scope,
        student_credit_movements,
        eq(student_credit_movements.reference, `payment:${paymentId}`),
      ),
    );
  return row?.amount ?? 0;
}

/**
 * The billing list's filters ('Semua' fields undefined), shared by the list and the confirmation of all; `V`:
 * what else a value may be (the list's prepared statements give placeholders).
 */
export interface BillFilter<V = never> extends ClassMonthFilter<V> {
  department_id: number | V;
  year_of_study_id: number | V;
  payment_status?: number | V | undefined;
  type?: number | V | undefined;
}

/** The bills of the branch matching the filter, and any further conditions. */
export function billFilterWhere(
  scope: BranchScope | typeof PREPARED_SCOPE,
  f: BillFilter<Placeholder>,
  ...more: (SQL | undefined)[]
): SQL {
  return inBranch(
    scope,
    student_billings,
    ...classMonthConditions(student_billings, f),
    optionalEq(student_billings.payment_status, f.payment_status),
    optionalEq(student_billings.type, f.type),
    ...more,
  );
}

/**
 * Count of rows for a paged list over bills (joins students only when searching by name or NIS); `values`
 * fill the placeholders of `where`, if any.
 */
export async function countBills(
  db: Db,
  where: SQL,
  needsStudent: boolean,
  values: Record<string, unknown> = {},
): Promise<number> {
  const base = db.select({ total: count() }).from(student_billings).$dynamic();
  const [row] = await (needsStudent
    ? base.innerJoin(students, eq(students.id, student_billings.student_id))
    : base
  )
    .where(where)
    .execute(values);
  return row?.total ?? 0;
}

/** Bills of the student in the department for the PDF: confirmed/unpaid as asked, dated up to `before`. */
export function studentBillsWhere(
  scope: BranchScope,
  q: {
    student_id: number;
    department_id: number;
    form_status?: number;
    payment_status?: number;
    before?: string;
  },
): SQL {
  return inBranch(
    scope,
    student_billings,
    eq(student_billings.student_id, q.student_id),
    eq(student_billings.department_id, q.department_id),
    q.form_status === undefined ? undefined : eq(student_billings.form_status, q.form_status),
    q.payment_status === undefined ? undefined : eq(student_billings.payment_status, q.payment_status),
    q.before === undefined ? undefined : lte(student_billings.bill_date, q.before),
  ) as SQL;
}

/** The students of the class in the department with this study status, by name: the picker of a student. */
export function loadClassStudents(
  db: Db,
  scope: BranchScope,
  q: { class_id: number; department_id: number; study_status: number },
): Promise<StudentBrief[]> {
  return db
    .select({
      id: students.id,
      nis: students.nis,
      name: students.name,
      department_id: students.department_id,
      study_status: students.study_status,
    })
    .from(class_students)
    .innerJoin(students, eq(students.id, class_students.student_id))
    .where(
      inBranch(
        scope,
        students,
        eq(class_students.class_id, q.class_id),
        eq(students.department_id, q.department_id),
        eq(students.study_status, q.study_status),
      ),
    )
    .orderBy(asc(students.name), asc(students.id));
}

/** The student of the branch with the name of its batch (the payment history's heading), or 404. */
export async function loadStudentWithBatch(db: Db, scope: BranchScope, studentId: number) {
  const [student] = await db
    .select({ id: students.id, name: students.name, nis: students.nis, batch_name: batches.name })
    .from(students)
    .leftJoin(batches, eq(batches.id, students.batch_id))
    .where(inBranch(scope, students, eq(students.id, studentId)));
  if (!student) throw notFound();
  return student;
}

/**
 * One page of the student's payments (voided ones too) on bills of the department dated up to `before`, in
 * the order asked, and how many there are in all.
 */
export async function loadPaymentHistoryPage(
  db: Db,
  scope: BranchScope,
  q: {
    student_id: number;
    department_id: number;
    before: string | undefined;
    orderby: 'id' | 'payment_date';
    sort: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ payments: StudentBillingPayment[]; total: number }> {
  const where = inBranch(
    scope,
    student_billing_payments,
    eq(student_billing_payments.student_id, q.student_id),
    eq(student_billings.department_id, q.department_id),
    q.before ? lte(student_billings.bill_date, q.before) : undefined,
  );
  const column =
    q.orderby === 'payment_date' ? student_billing_payments.payment_date : student_billing_payments.id;
  const direction = q.sort === 'desc' ? desc : asc;
  const [payments, [counted]] = await Promise.all([
    loadPayments(db, where, {
      limit: q.limit,
      offset: q.offset,
      order: [direction(column), direction(student_billing_payments.id)],
    }),
    db
      .select({ total: count() })
      .from(student_billing_payments)
      .innerJoin(student_billings, eq(student_billings.id, student_billing_payments.student_billing_id))
      .where(where),
  ]);
  return { payments, total: counted?.total ?? 0 };
}

/** The name and NIS of the student of the branch (the Semua Tagihan PDF's heading), or 404. */
export async function loadStudentName(db: Db, scope: BranchScope, studentId: number) {
  const [student] = await db
    .select({ name: students.name, nis: students.nis })
    .from(students)
    .where(inBranch(scope, students, eq(students.id, studentId)));
  if (!student) throw notFound();
  return student;
}

/**
 * The student's bills of the department the Semua Tagihan PDF prints (`studentBillsWhere`), oldest first, each
 * with its items (no removed items, no payments).
 */
export async function loadStudentBillsForPdf(
  db: Db,
  scope: ZonedScope,
  q: Parameters<typeof studentBillsWhere>[1],
): Promise<StudentBillingDetail[]> {
  const rows = await selectBills(db, {}, todayIn(scope))
    .where(studentBillsWhere(scope, q))
    .orderBy(asc(student_billings.bill_date), asc(student_billings.id));
  const items = await loadItems(
    db,
    rows.map((r) => r.bill.id),
  );
  return rows.map((r) => ({
    ...toBill(r),
    student_billing_items: items.filter((i) => i.student_billing_id === r.bill.id),
    removed_items: [],
    student_billing_payments: [],
  }));
}
