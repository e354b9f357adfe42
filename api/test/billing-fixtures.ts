/**
 * Shared by the API suites: `apiSuite()` (every file's setup: the app, sessions for both branches, a typed `call`,
 * closed after the file), bills and classes made through the API for a test of its own, bills of the demo data
 * picked by state (each once per suite), and the ledger check every write must keep true.
 */
import { randomInt } from 'node:crypto';
import {
  billDueDate,
  billTotals,
  itemTotals,
  type StudentBillingDetail,
  type TokenResponse,
} from '@keuangan/shared/contract';
import { and, asc, eq, gte, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  fee_types,
  levels,
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  student_billings,
  years_of_study,
  yos_periodes,
} from '../src/db/schema';
import { studentPaymentOnBill } from '../src/ledger/student-ledger-queries';
import { monthOf, todayIn } from '../src/lib/time';
import { aDayThatLasts, bearer, createTestContext, login, type TestContext } from './helpers';

export interface Sessions {
  ctx: TestContext;
  /** keuangan in Bandung (branch 1) and in Jakarta (branch 2); guru, not a finance editor. */
  bandung: string;
  jakarta: string;
  guru: string;
  user: TokenResponse['user'];
}

export async function openSessions(options: Parameters<typeof createTestContext>[0] = {}): Promise<Sessions> {
  const ctx = await createTestContext(options);
  const session = await login(ctx.app, 'keuangan');
  const bandungId = session.user.branches[0]?.id;
  const jakartaId = session.user.branches[1]?.id;
  const switchTo = async (token: string, id: number | undefined) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/set-active-branch/${id}`,
      headers: bearer(token),
    });
    return res.json<{ token: string }>().token;
  };
  const jakarta = await switchTo(session.token, jakartaId);
  const bandung = await switchTo(jakarta, bandungId);
  const guru = (await login(ctx.app, 'guru')).token;
  return { ctx, bandung, jakarta, guru, user: session.user };
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** A context, or a getter for one that is opened later (a suite's, in its beforeAll). */
type ContextOf = TestContext | (() => TestContext);
const contextOf = (ctx: ContextOf) => (typeof ctx === 'function' ? ctx() : ctx);

export function caller(ctx: ContextOf) {
  return async function call<T = ErrorBody>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const res = await contextOf(ctx).app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return {
      status: res.statusCode,
      body: (isJson ? res.json() : undefined) as T,
      headers: res.headers,
      raw: res.rawPayload,
    };
  };
}

/** What `newBill` makes: the bill's row, as stored. */
export type BillRow = typeof student_billings.$inferSelect;

/** Names and NIS numbers of made rows are unique: one counter for every maker of this run, after a random start. */
const RUN = randomInt(10_000, 100_000);
let made = 0;

/** Where a made class sits: the billing screens' filter without the month. */
export interface ClassPlace {
  department_id: number;
  level_id: number;
  year_of_study_id: number;
  yos_periode_id: number;
  class_id: number;
}

/**
 * Makes a class of the test's own through the API, nothing charged yet: in the first level of the branch whose
 * school period holds `month` (the current month by default), with `students` new active students (one by
 * default). For a test that sets up and charges the class-month itself; `billMaker` charges it for you.
 */
export function classMaker(s: Sessions) {
  const call = caller(() => s.ctx);
  return async function newClass({
    branch = 1,
    month = monthOf(todayIn()),
    students = 1,
  }: {
    branch?: 1 | 2;
    month?: string;
    students?: number;
  } = {}): Promise<{
    place: ClassPlace;
    students: number[];
  }> {
    const token = branch === 1 ? s.bandung : s.jakarta;
    const day = `${month}-01`;
    const [found] = await s.ctx.database.db
      .select({
        department_id: levels.department_id,
        level_id: levels.id,
        year_of_study_id: years_of_study.id,
        yos_periode_id: yos_periodes.id,
      })
      .from(levels)
      .innerJoin(years_of_study, eq(years_of_study.department_id, levels.department_id))
      .innerJoin(yos_periodes, eq(yos_periodes.year_of_study_id, years_of_study.id))
      .where(
        and(eq(levels.branch_id, branch), lte(yos_periodes.start_date, day), gte(yos_periodes.end_date, day)),
      )
      .orderBy(asc(levels.id))
      .limit(1);
    if (!found) throw new Error(`branch ${branch} has no school period holding ${month}`);
    const tag = `${RUN}${++made}`;
    const created = async <T extends { id: number }>(url: string, body: object): Promise<T> => {
      const res = await call<T>('POST', url, token, body);
      if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const room = await created('/api/class', {
      department_id: found.department_id,
      level_id: found.level_id,
      year_of_study_id: found.year_of_study_id,
      name: `Uji ${tag}`,
      capacity: 40,
    });
    const ids: number[] = [];
    for (let i = 1; i <= students; i++) {
      const student = await created('/api/student', {
        name: `Siswa Uji ${tag}-${i}`,
        gender_id: 1,
        department_id: found.department_id,
        nis: `9${tag}${String(i).padStart(3, '0')}`,
        yoe: Number(month.slice(0, 4)),
        class_id: room.id,
        emergency_contact_phone: '081234567890',
      });
      ids.push(student.id);
    }
    return { place: { ...found, class_id: room.id }, students: ids };
  };
}

/**
 * Builds the bill a test needs through the API, as an office would, on a class of its own: the test owns it, so no
 * other test or change of the demo data touches it. Only reference rows come from the demo data.
 */
export function billMaker(s: Sessions) {
  const call = caller(() => s.ctx);
  const newClass = classMaker(s);
  return async function newBill({
    branch = 1,
    month = monthOf(todayIn()),
    confirmed = true,
    items = [{ price: 350_000 }, { price: 150_000 }],
  }: {
    branch?: 1 | 2;
    month?: string;
    confirmed?: boolean;
    /** One fee component per item: its price and, when given, the day of the month it falls due. */
    items?: { price: number; due_day?: number }[];
  } = {}): Promise<BillRow> {
    const token = branch === 1 ? s.bandung : s.jakarta;
    const db = s.ctx.database.db;
    const room = await newClass({ branch, month });
    const feeTypes = await db
      .select({ id: fee_types.id })
      .from(fee_types)
      .where(eq(fee_types.branch_id, branch))
      .orderBy(asc(fee_types.id))
      .limit(items.length);
    const filter = { ...room.place, mm: month };
    for (const [i, item] of items.entries()) {
      const res = await call('POST', '/api/student-fee-component', token, {
        ...filter,
        fee_type_id: feeTypes[i % feeTypes.length]?.id,
        ftype: 1,
        name: `Biaya Uji ${i + 1}`,
        ...item,
      });
      if (res.status !== 201) throw new Error(`component: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const charged = await call('POST', '/api/student-billing-batch', token, filter);
    if (charged.status !== 200) throw new Error(`charge: ${charged.status} ${JSON.stringify(charged.body)}`);
    if (confirmed) {
      const done = await call('POST', '/api/student-billing-update-form-status', token, filter);
      if (done.status !== 200) throw new Error(`confirm: ${done.status} ${JSON.stringify(done.body)}`);
    }
    const [bill] = await db
      .select()
      .from(student_billings)
      .where(eq(student_billings.student_id, room.students[0] as number));
    if (!bill) throw new Error('charging made no bill');
    return bill;
  };
}

/** A suite's sessions with its helpers: what `apiSuite` answers. */
export interface ApiSuite extends Sessions {
  /** `caller` on the suite's app. */
  call: ReturnType<typeof caller>;
  /** A bill of the test's own (`billMaker`). */
  newBill: ReturnType<typeof billMaker>;
  /** A class of the test's own, nothing charged (`classMaker`). */
  newClass: ReturnType<typeof classMaker>;
  /** Demo bills by state, each once (`billPicker`): only for reading the demo data's variety. */
  pick: ReturnType<typeof billPicker>;
  /**
   * The demo branches' day for the whole file (`aDayThatLasts`): close to their midnight the suite waits for the
   * new day first, so a file's payments and what it checks of "today" fall on one day.
   */
  today: string;
}

/** Minutes a suite may take while its "today" must stay today. */
const SUITE_MINUTES = 3;

/**
 * The setup of an API test file, one line at its top: `const s = apiSuite();` opens a seeded app with sessions
 * for both branches before the file's tests (`openSessions`, with its `options`) and closes it after them. Read
 * the sessions and `s.ctx` inside tests and hooks (they are set by the suite's beforeAll, which runs before the
 * file's own); `call`, `newBill`, `newClass` and `pick` may be taken at once: `const { call, newBill } = s;`.
 */
export function apiSuite(options: Parameters<typeof openSessions>[0] = {}): ApiSuite {
  const suite = {} as ApiSuite;
  suite.call = caller(() => suite.ctx);
  suite.newBill = billMaker(suite);
  suite.newClass = classMaker(suite);
  suite.pick = billPicker(() => suite.ctx);
  beforeAll(
    async () => {
      suite.today = await aDayThatLasts(SUITE_MINUTES);
      Object.assign(suite, await openSessions(options));
    },
    (SUITE_MINUTES + 1) * 60_000,
  );
  afterAll(() => suite.ctx?.close());
  return suite;
}

/**
 * Picks demo bills by state, never the same bill twice in one suite: for tests that read the demo data's variety
 * (a list's paging and resume, a class-month of many students). A test that changes or pays a bill makes its own
 * (`billMaker`), so no change of the demo data decides it.
 */
export function billPicker(ctx: ContextOf) {
  const used: number[] = [0];
  return async function pick(
    ...conditions: (SQL | undefined)[]
  ): Promise<typeof student_billings.$inferSelect> {
    const [bill] = await contextOf(ctx)
      .database.db.select()
      .from(student_billings)
      .where(and(notInArray(student_billings.id, used), ...conditions))
      .orderBy(asc(student_billings.id))
      .limit(1);
    if (!bill) throw new Error('the demo data has no such bill');
    used.push(bill.id);
    return bill;
  };
}

export const inBranchOne = eq(student_billings.branch_id, 1);
export const confirmedUnpaid = and(
  eq(student_billings.form_status, 1),
  eq(student_billings.payment_status, 0),
  eq(student_billings.total_payment, 0),
  sql`${student_billings.total_billing} > 0`,
);

/**
 * The ledger of one bill, read from the tables: every item's totals follow the contract's formulas from its
 * price, discount, bail, qty and not-voided payments; the bill's totals are the sums; payments add up; an
 * unconfirmed bill has no standing payment; nothing is negative.
 */
export async function expectLedgerConsistent(ctx: TestContext, billId: number): Promise<void> {
  const { db } = ctx.database;
  const [bill] = await db.select().from(student_billings).where(eq(student_billings.id, billId));
  const items = await db
    .select()
    .from(student_billing_items)
    // The items still on the bill: a removed one counts in no total (it stays for its void receipts).
    .where(
      and(eq(student_billing_items.student_billing_id, billId), isNull(student_billing_items.removed_at)),
    )
    .orderBy(asc(student_billing_items.id));
  // Every line of every payment that pays on the bill: a payment of several bills has lines on the others too.
  const lines = await db
    .select({ line: student_billing_item_payments, voided_at: student_billing_payments.voided_at })
    .from(student_billing_item_payments)
    .innerJoin(
      student_billing_payments,
      eq(student_billing_payments.id, student_billing_item_payments.student_billing_payment_id),
    )
    .where(studentPaymentOnBill(billId));
  const payments = await db.select().from(student_billing_payments).where(studentPaymentOnBill(billId));
  if (!bill) throw new Error(`bill ${billId} is gone`);

  const expectedItems = items.map((item) => {
    const paid = lines
      .filter((l) => l.line.student_billing_item_id === item.id && l.voided_at === null)
      .reduce((sum, l) => sum + l.line.amount, 0);
    return itemTotals({ ...item, total_payment: paid });
  });
  items.forEach((item, i) => {
    const expected = expectedItems[i];
    expect(
      {
        amount: item.amount,
        total_amount: item.total_amount,
        total_discount: item.total_discount,
        total_bail: item.total_bail,
        total_payment: item.total_payment,
        total_billing: item.total_billing,
        payment_status: item.payment_status,
      },
      `item ${item.id}`,
    ).toEqual(expected);
    expect(item.discount + item.bail).toBeLessThanOrEqual(item.price);
    // Paid never beyond what was charged (the due never had to be clamped).
    expect(item.total_payment).toBeLessThanOrEqual(item.total_amount - item.total_discount - item.total_bail);
  });
  const sums = billTotals(expectedItems);
  expect({
    total_amount: bill.total_amount,
    total_discount: bill.total_discount,
    total_bail: bill.total_bail,
    total_payment: bill.total_payment,
    total_billing: bill.total_billing,
    payment_status: bill.payment_status,
  }).toEqual(sums);
  // Jatuh Tempo follows what is still owed (docs/money.md "Due dates and arrears").
  expect(bill.due_date, `bill ${billId} due date`).toBe(
    billDueDate(
      items.map((item, i) => ({
        due_date: item.due_date,
        total_billing: expectedItems[i]?.total_billing ?? 0,
      })),
      bill.bill_date,
    ),
  );
  for (const payment of payments) {
    const own = lines.filter((l) => l.line.student_billing_payment_id === payment.id);
    expect(payment.amount).toBe(own.reduce((sum, l) => sum + l.line.amount, 0));
    expect(payment.total_amount_payment_paid).toBeGreaterThanOrEqual(payment.amount);
    if (bill.form_status === 0)
      expect(payment.voided_at, `payment ${payment.id} stands on an unconfirmed bill`).not.toBeNull();
  }
}

/** Standing (not voided) payments of a bill. */
export async function standingPayments(ctx: TestContext, billId: number) {
  return ctx.database.db
    .select()
    .from(student_billing_payments)
    .where(and(studentPaymentOnBill(billId), isNull(student_billing_payments.voided_at)));
}

/** A pay body paying every item's due in full (amount given = total). */
export const payInFull = (bill: StudentBillingDetail, extra: object = {}) => {
  const lines = bill.student_billing_items
    .filter((i) => i.total_billing > 0)
    .map((i) => ({ id: i.id, payment_amount: i.total_billing }));
  return { student_billing_items: lines, ptype: 1, ...extra };
};

const BILL_KEY = `client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm,
  form_status, due_date`;
const PAYMENT_KEY = `client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
  payment_date, ptype`;
const STUDENT_KEY = `client_id, branch_id, department_id, year_of_study_id, yos_periode_id, level_id, class_id,
  student_id`;

/**
 * The kept sums (student_billing_sums, student_billing_payment_sums, student_counts: migration 0018's triggers;
 * student_billing_students: 0021's) are exactly a recomputation from the bills, the standing payments and the
 * students, in every branch: the rows that differ, both ways.
 */
export async function expectSumsMatchLedger(ctx: TestContext): Promise<void> {
  const rowsOf = async (text: string) =>
    ((await ctx.database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const differing = (recomputed: string, kept: string) =>
    rowsOf(`SELECT 'recomputed' AS side, * FROM ((${recomputed}) EXCEPT ALL (${kept})) r
      UNION ALL SELECT 'kept', * FROM ((${kept}) EXCEPT ALL (${recomputed})) k`);
  const bills = await differing(
    `SELECT ${BILL_KEY}, count(*)::int AS bill_count, sum(total_amount)::bigint AS total_amount,
       sum(total_discount)::bigint AS total_discount, sum(total_bail)::bigint AS total_bail,
       sum(total_payment)::bigint AS total_payment, sum(total_billing)::bigint AS total_billing
     FROM student_billings GROUP BY ${BILL_KEY}`,
    `SELECT ${BILL_KEY}, bill_count, total_amount, total_discount, total_bail, total_payment, total_billing
     FROM student_billing_sums
     WHERE bill_count <> 0 OR total_amount <> 0 OR total_discount <> 0 OR total_bail <> 0 OR total_payment <> 0
       OR total_billing <> 0`,
  );
  const payments = await differing(
    `SELECT p.client_id, p.branch_id, b.department_id, b.year_of_study_id, b.yos_periode_id, b.level_id, b.class_id,
       p.payment_date, p.ptype, count(*)::int AS payment_count, sum(p.amount)::bigint AS amount
     FROM student_billing_payments p JOIN student_billings b ON b.id = p.student_billing_id
     WHERE p.voided_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    `SELECT ${PAYMENT_KEY}, payment_count, amount FROM student_billing_payment_sums
     WHERE payment_count <> 0 OR amount <> 0`,
  );
  const students = await differing(
    'SELECT client_id, branch_id, study_status, count(*)::int AS n FROM students GROUP BY 1, 2, 3',
    'SELECT client_id, branch_id, study_status, student_count AS n FROM student_counts WHERE student_count <> 0',
  );
  // The confirmed bills of each student per class and period (the report's distinct students).
  const billedStudents = await differing(
    `SELECT ${STUDENT_KEY}, count(*)::int AS n FROM student_billings WHERE form_status = 1 GROUP BY ${STUDENT_KEY}`,
    // No row of 0: a student without confirmed bills in a class and period has none.
    `SELECT ${STUDENT_KEY}, bill_count AS n FROM student_billing_students`,
  );
  expect({ bills, payments, students, billedStudents }).toEqual({
    bills: [],
    payments: [],
    students: [],
    billedStudents: [],
  });
}
