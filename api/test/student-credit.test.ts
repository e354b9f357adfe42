/**
 * Saldo Titipan shown and spent (docs/money.md "Saldo Titipan"): the balance and movements, "Gunakan Saldo
 * Titipan" as one payment over the student's ticked bills (oldest due first, never more than the balance or what
 * is owed), one payment for concurrent clicks, its journal Dr Titipan Siswa / Cr Piutang, and a void giving it back.
 */
import {
  CREDIT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  type StudentCreditPage,
  type StudentStatement,
} from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { student_billing_payments, student_billings } from '../src/db/schema';
import { addStudentCredit } from '../src/ledger/student-credit';
import { apiSuite, confirmedUnpaid, expectLedgerConsistent, inBranchOne } from './billing-fixtures';
import { entriesOfBill, expectBooksTrue } from './books-fixtures';

const s = apiSuite();
const { call } = s;
const used = new Set<number>();
let keys = 0;
const newKey = () => `credit-${++keys}-${Date.now()}`;

const detailOf = async (id: number) =>
  (await call<StudentBillingDetail>('GET', `/api/student-billing/${id}`, s.bandung)).body;
const creditOf = async (studentId: number) =>
  (await call<StudentCreditPage>('GET', `/api/student-credit?student_id=${studentId}`, s.bandung)).body;
const spend = (studentId: number, billIds: number[], key = newKey()) =>
  call<StudentBillingPaymentReceipt & { message?: string }>(
    'POST',
    '/api/student-credit-spend',
    s.bandung,
    { student_id: studentId, student_billing_ids: billIds },
    { [IDEMPOTENCY_KEY_HEADER]: key },
  );

/** `count` confirmed unpaid Bandung bills of one student (one department and year), oldest first, each once. */
async function billsOfOneStudent(count: number): Promise<StudentBillingDetail[]> {
  const rows = await s.ctx.database.db
    .select({
      id: student_billings.id,
      owner: sql<string>`concat_ws(':', ${student_billings.student_id}, ${student_billings.department_id}, ${student_billings.year_of_study_id})`,
    })
    .from(student_billings)
    .where(and(inBranchOne, confirmedUnpaid, sql`${student_billings.bill_date} <= ${s.today}`))
    .orderBy(student_billings.id);
  const byOwner = new Map<string, number[]>();
  for (const row of rows) {
    if (used.has(row.id)) continue;
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.id]);
  }
  const ids = [...byOwner.values()].find((list) => list.length >= count)?.slice(0, count);
  if (!ids) throw new Error(`the demo data has no student with ${count} payable bills`);
  // Every bill of that student is this test's: another test's credit must not meet them.
  for (const list of byOwner.values())
    if (list.includes(ids[0] as number)) for (const id of list) used.add(id);
  return Promise.all(ids.map(detailOf));
}

/** Money arriving as the student's credit, written by its one writer (as a transfer's excess is). */
async function giveCredit(studentId: number, amount: number) {
  await s.ctx.database.transaction((tx) =>
    addStudentCredit(
      tx,
      { clientId: 1, branchId: 1, userId: null },
      { student_id: studentId, amount, source: 'bank_excess', reference: `test:${newKey()}`, note: null },
    ),
  );
}

const studentOf = (bill: StudentBillingDetail) => bill.student_id;
const owed = (bills: StudentBillingDetail[]) => bills.reduce((sum, b) => sum + b.total_billing, 0);

describe('GET /api/student-credit', () => {
  it('answers 0 and no movements for a student without credit, and 404 for another branch', async () => {
    const [bill] = await billsOfOneStudent(1);
    const id = studentOf(bill as StudentBillingDetail);
    expect(await creditOf(id)).toMatchObject({ balance: 0, total: 0, data: [] });
    const other = await call('GET', `/api/student-credit?student_id=${id}`, s.jakarta);
    expect(other.status).toBe(404);
    expect((await call('GET', '/api/student-credit?student_id=x', s.bandung)).status).toBe(422);
  });
});

describe('POST /api/student-credit-spend', () => {
  it('spends across two bills oldest first, capped at what they owe; the receipt and movements say so', async () => {
    const bills = await billsOfOneStudent(2);
    const id = studentOf(bills[0] as StudentBillingDetail);
    const due = owed(bills);
    await giveCredit(id, due + 25_000);
    expect((await creditOf(id)).balance).toBe(due + 25_000);

    const paid = await spend(
      id,
      bills.map((b) => b.id),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ amount: due, ptype: 9, total_billing_after: 0, credit: -due });
    for (const bill of bills) {
      expect((await detailOf(bill.id)).total_billing).toBe(0);
      await expectLedgerConsistent(s.ctx, bill.id);
    }
    const after = await creditOf(id);
    expect(after.balance).toBe(25_000);
    expect(after.data[0]).toMatchObject({ amount: -due, source: 'credit_spent', payment_id: paid.body.id });
    // The journal: Dr Titipan Siswa / Cr Piutang, and every rule of the books still holds.
    const entry = (await entriesOfBill(s.ctx, bills[0]?.id as number)).find(
      (e) => e.source_kind === 'student_payment',
    );
    expect(entry?.lines.filter((l) => l.debit > 0)).toEqual([{ code: '2-1210', debit: due, credit: 0 }]);
    expect(entry?.lines.filter((l) => l.credit > 0).every((l) => l.code === '1-1300')).toBe(true);
    await expectBooksTrue(s.ctx);
    // Rekening Siswa says what is left of the credit, apart from what is owed.
    const statement = await call<StudentStatement>(
      'GET',
      `/api/student-statement?student_id=${id}`,
      s.bandung,
    );
    expect(statement.body.totals.credit).toBe(25_000);

    // Nothing left to pay: refused, nothing written.
    const again = await spend(
      id,
      bills.map((b) => b.id),
    );
    expect(again.status).toBe(409);
    expect((await creditOf(id)).balance).toBe(25_000);
  });

  it('spends no more than the balance: the oldest due items first, the rest stays owed', async () => {
    const bills = await billsOfOneStudent(2);
    const id = studentOf(bills[0] as StudentBillingDetail);
    const first = bills[0] as StudentBillingDetail;
    await giveCredit(id, first.total_billing);
    const paid = await spend(
      id,
      bills.map((b) => b.id),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.amount).toBe(first.total_billing);
    expect((await detailOf(first.id)).total_billing).toBe(0);
    expect((await detailOf(bills[1]?.id as number)).total_billing).toBe(bills[1]?.total_billing);
    expect((await creditOf(id)).balance).toBe(0);
    const empty = await spend(id, [bills[1]?.id as number]);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(CREDIT_MESSAGES.empty);
    await expectBooksTrue(s.ctx);
  });

  it('posts once for concurrent clicks (other keys) and replays a retried key', async () => {
    const bills = await billsOfOneStudent(2);
    const id = studentOf(bills[0] as StudentBillingDetail);
    await giveCredit(id, owed(bills) * 2);
    const ids = bills.map((b) => b.id);
    // Each click alone on one bill, together: the credit's lock and the bills' decide, one posts per bill.
    const answers = await Promise.all([spend(id, ids), spend(id, ids), spend(id, ids)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const posted = await s.ctx.database.db
      .select({ id: student_billing_payments.id })
      .from(student_billing_payments)
      .where(
        and(
          eq(student_billing_payments.ptype, 9),
          eq(student_billing_payments.student_billing_id, ids[0] as number),
        ),
      );
    expect(posted).toHaveLength(1);
    expect((await creditOf(id)).balance).toBe(owed(bills));

    const key = newKey();
    const other = await billsOfOneStudent(1);
    const otherId = studentOf(other[0] as StudentBillingDetail);
    await giveCredit(otherId, 1_000);
    const once = await spend(otherId, [other[0]?.id as number], key);
    const replay = await spend(otherId, [other[0]?.id as number], key);
    expect(once.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(once.body.id);
    expect((await creditOf(otherId)).balance).toBe(0);
    await expectBooksTrue(s.ctx);
  });

  it('refuses what it cannot do with a readable message and writes nothing', async () => {
    const bills = await billsOfOneStudent(1);
    const id = studentOf(bills[0] as StudentBillingDetail);
    const billId = bills[0]?.id as number;
    const noCredit = await spend(id, [billId]);
    expect(noCredit.status).toBe(409);
    expect(noCredit.body.message).toBe(CREDIT_MESSAGES.empty);
    const noKey = await call('POST', '/api/student-credit-spend', s.bandung, {
      student_id: id,
      student_billing_ids: [billId],
    });
    expect(noKey.status).toBe(422);
    expect(noKey.body.message).toBe(CREDIT_MESSAGES.keyRequired);
    // A bill of another student: not found.
    const others = await billsOfOneStudent(1);
    expect((await spend(id, [others[0]?.id as number])).status).toBe(404);
    expect((await spend(id, [])).status).toBe(422);
    expect((await detailOf(billId)).total_billing).toBe(bills[0]?.total_billing);
  });

  it('voiding the payment (withdrawing the confirmation) gives the credit back, books still true', async () => {
    const bills = await billsOfOneStudent(1);
    const bill = bills[0] as StudentBillingDetail;
    const id = studentOf(bill);
    await giveCredit(id, bill.total_billing);
    expect((await spend(id, [bill.id])).status).toBe(201);
    expect((await creditOf(id)).balance).toBe(0);
    const undone = await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const after = await creditOf(id);
    expect(after.balance).toBe(bill.total_billing);
    expect(after.data[0]).toMatchObject({ amount: bill.total_billing, source: 'credit_spent_void' });
    await expectBooksTrue(s.ctx);
  });
});
