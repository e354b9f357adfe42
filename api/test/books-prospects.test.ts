// The books of prospect bills and of Saldo Titipan (docs/books.md#when-the-books-move): each write posts its
// entry, a closed month refuses, and random prospect writes keep every entry balanced and the tie-out holding.
import {
  type BooksTieOut,
  type BooksTrialBalance,
  IDEMPOTENCY_KEY_HEADER,
  type ProspectiveBillingDetail,
  type PsbEventProspective,
} from '@keuangan/shared/contract';
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { tieOut } from '../src/books/tie-out';
import {
  prospective_billing_payments,
  prospective_billings,
  psb_event_prospectives,
  students,
} from '../src/db/schema';
import { refreshTotals } from '../src/ledger/engine';
import { bookVoids } from '../src/ledger/journal';
import { openUnbookedBranches } from '../src/ledger/journal-open';
import { openBooks, unbookedBranches } from '../src/ledger/journal-open-queries';
import { periodClosedMessage } from '../src/ledger/period-lock';
import { PROSPECT_BILLS } from '../src/ledger/prospect-bills-queries';
import { addStudentCredit, reverseCreditOfPayments } from '../src/ledger/student-credit';
import { addMonths, monthOf } from '../src/lib/time';
import { apiSuite, type ErrorBody } from './billing-fixtures';
import { type EntryRow, entriesOfBill, expectBooksTrue, unbalancedEntries } from './books-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call } = s;
let manager: string;
beforeAll(async () => {
  manager = (await login(s.ctx.app, 'admin')).token;
});

let keys = 0;
const newKey = () => `books-prospect-${Date.now()}-${++keys}`;
const detailOf = async (id: number) =>
  (await call<ProspectiveBillingDetail>('GET', `/api/prospective-billing/${id}`, s.bandung)).body;
/** Pays `share` of each unpaid item (at least 1 rupiah), on `date` when given. */
const pay = (bill: ProspectiveBillingDetail, ptype = 1, share = 1, date?: string) =>
  call<ErrorBody>(
    'POST',
    `/api/prospective-billing-pay/${bill.id}`,
    s.bandung,
    {
      prospective_billing_items: bill.prospective_billing_items
        .filter((i) => i.total_billing > 0)
        .map((i) => ({ id: i.id, payment_amount: Math.max(1, Math.floor(i.total_billing * share)) })),
      ptype,
      ...(date ? { payment_date: date } : {}),
    },
    { [IDEMPOTENCY_KEY_HEADER]: newKey() },
  );
const prospectEntries = (billId: number) => entriesOfBill(s.ctx, billId, 'prospective_billing_id');
const sum = (lines: EntryRow['lines'], side: 'debit' | 'credit') =>
  lines.reduce((total, l) => total + l[side], 0);

/** A Bandung prospect still Pending (no bill), each taken once; billed by moving it to status 1. */
const taken: number[] = [0];
async function billNewProspect(): Promise<ProspectiveBillingDetail | undefined> {
  const [prospect] = await s.ctx.database.db
    .select({ id: psb_event_prospectives.id })
    .from(psb_event_prospectives)
    .where(
      and(
        eq(psb_event_prospectives.branch_id, 1),
        eq(psb_event_prospectives.registration_status, 0),
        notInArray(psb_event_prospectives.id, taken),
      ),
    )
    .orderBy(asc(psb_event_prospectives.id))
    .limit(1);
  if (!prospect) return undefined;
  taken.push(prospect.id);
  const sent = await call<PsbEventProspective>(
    'POST',
    `/api/psb-event-prospective-xupdate/${prospect.id}`,
    s.bandung,
    { field: 'registration_status', value: 1 },
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const id = sent.body.prospective_billing?.id;
  return id ? detailOf(id) : undefined;
}

/** An unpaid demo bill of Bandung, each taken once. */
const used: number[] = [0];
async function unpaidBill(): Promise<ProspectiveBillingDetail> {
  const [bill] = await s.ctx.database.db
    .select({ id: prospective_billings.id })
    .from(prospective_billings)
    .where(
      and(
        eq(prospective_billings.branch_id, 1),
        eq(prospective_billings.total_payment, 0),
        sql`${prospective_billings.total_billing} > 100`,
        notInArray(prospective_billings.id, used),
      ),
    )
    .orderBy(asc(prospective_billings.id))
    .limit(1);
  if (!bill) throw new Error('no unpaid prospect bill left in the demo');
  used.push(bill.id);
  return detailOf(bill.id);
}

/** The `n`th (modulo) Bandung bill still owing: partly paid ones too, shared by the property's runs. */
async function owingBill(n: number): Promise<ProspectiveBillingDetail> {
  const owing = await s.ctx.database.db
    .select({ id: prospective_billings.id })
    .from(prospective_billings)
    .where(and(eq(prospective_billings.branch_id, 1), sql`${prospective_billings.total_billing} > 100`))
    .orderBy(asc(prospective_billings.id));
  const picked = owing[n % Math.max(1, owing.length)];
  if (!picked) throw new Error('no owing prospect bill in the demo');
  return detailOf(picked.id);
}

/** Voids the standing payments of a prospect bill as the engine does (no route does it yet: api/ROUTES.md). */
const voidAll = (billId: number) =>
  s.ctx.database.transaction(async (tx) => {
    await PROSPECT_BILLS.lockBill(tx, { clientId: 1, branchId: 1 }, billId, newKey());
    const voided = await PROSPECT_BILLS.voidPayments(tx, billId, s.user.id, 'Uji buku');
    await refreshTotals(tx, PROSPECT_BILLS, billId);
    await bookVoids(tx, { userId: s.user.id }, voided, 'prospect');
    return voided.length;
  });

describe('prospect bills in the books', () => {
  it('billing posts Dr Piutang Calon Siswa / Cr Pendapatan, a payment Dr Kas or Bank / Cr Piutang Calon Siswa', async () => {
    const bill = await billNewProspect();
    expect(bill, 'a pending prospect in the demo').toBeDefined();
    if (!bill) return;
    const [charge] = await prospectEntries(bill.id);
    expect(charge?.source_kind).toBe('prospect_bill');
    expect(charge?.voucher_number).toMatch(/^JU-BDG-\d{4}-\d{5}$/);
    expect(charge?.entry_date).toBe(s.today);
    const lines = charge?.lines ?? [];
    expect(lines.filter((l) => l.code === '1-1310').map((l) => l.debit)).toEqual([bill.total_amount]);
    expect(lines.filter((l) => l.code.startsWith('4-')).every((l) => l.credit > 0)).toBe(true);
    expect(sum(lines, 'credit')).toBe(bill.total_amount);

    expect((await pay(bill, 1, 0.5)).status).toBe(201);
    expect((await pay(await detailOf(bill.id), 4)).status).toBe(201);
    const payments = (await prospectEntries(bill.id)).filter((e) => e.source_kind === 'prospect_payment');
    expect(payments.map((e) => e.lines.map((l) => l.code))).toEqual([
      ['1-1100', '1-1310'],
      ['1-1200', '1-1310'],
    ]);
    expect(payments.reduce((total, e) => total + sum(e.lines, 'credit'), 0)).toBe(bill.total_amount);
    await expectBooksTrue(s.ctx);
  });

  it('a void reverses the payment on the day; deleting an unpaid prospect reverses its bill', async () => {
    const bill = await unpaidBill();
    expect((await pay(bill)).status).toBe(201);
    expect(await voidAll(bill.id)).toBe(1);
    const [, payment, voided] = await prospectEntries(bill.id);
    expect(voided).toMatchObject({ source_kind: 'prospect_payment_void', reversal_of: payment?.id });
    expect(voided?.entry_date).toBe(s.today);
    expect(voided?.lines).toEqual(payment?.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })));
    await expectBooksTrue(s.ctx);

    const fresh = await billNewProspect();
    if (!fresh) return;
    const removed = await call(
      'DELETE',
      `/api/psb-event-prospective/${fresh.psb_event_prospective.id}`,
      s.bandung,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [charge, undone] = await prospectEntries(fresh.id);
    expect(undone?.reversal_of).toBe(charge?.id);
    expect(undone?.lines).toEqual(charge?.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })));
    await expectBooksTrue(s.ctx);
  });

  it('a prospect payment dated in a closed month is refused with the students’ message, nothing written', async () => {
    const mm = addMonths(monthOf(s.today), -1);
    const bill = await unpaidBill();
    await s.ctx.database.db
      .update(prospective_billings)
      .set({ bill_date: `${mm}-01` })
      .where(eq(prospective_billings.id, bill.id));
    const closed = await call<ErrorBody>('POST', '/api/books/periods/close', manager, { mm });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const before = await prospectEntries(bill.id);
    const refused = await pay(bill, 1, 1, `${mm}-15`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(periodClosedMessage('Pembayaran', mm));
    const [payments] = await s.ctx.database.db
      .select({ n: count() })
      .from(prospective_billing_payments)
      .where(eq(prospective_billing_payments.prospective_billing_id, bill.id));
    expect(payments?.n).toBe(0);
    expect(await prospectEntries(bill.id)).toEqual(before);
    expect((await detailOf(bill.id)).total_payment).toBe(0);
    // Today's month is open: the same bill is paid.
    expect((await pay(bill)).status).toBe(201);
    await expectBooksTrue(s.ctx);
  });
});

describe('Saldo Titipan in the books', () => {
  it('credit in posts Dr Bank / Cr Titipan Siswa, taking it back reverses it; the tie-out holds', async () => {
    const [student] = await s.ctx.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.branch_id, 1))
      .limit(1);
    const who = { clientId: 1, branchId: 1, userId: s.user.id };
    const reference = `payment:${900_000 + (Date.now() % 100_000)}`;
    const id = await s.ctx.database.transaction((tx) =>
      addStudentCredit(tx, who, {
        student_id: student?.id as number,
        amount: 75_000,
        source: 'bank_excess',
        reference,
        note: null,
      }),
    );
    const entryOf = async (movement: number | null) =>
      (
        (await s.ctx.database.db.execute(sql`select e.id, e.reversal_of, e.entry_date::text as entry_date,
            json_agg(json_build_object('code', a.code, 'debit', l.debit::int, 'credit', l.credit::int)
              order by l.id) as lines
          from books_entries e join books_lines l on l.entry_id = e.id join books_accounts a on a.id = l.account_id
          where e.source_kind = 'student_credit' and e.source_id = ${movement} group by e.id`)) as unknown as {
          rows: { id: number; reversal_of: number | null; entry_date: string; lines: EntryRow['lines'] }[];
        }
      ).rows;
    const [credited] = await entryOf(id);
    expect(credited?.entry_date).toBe(s.today);
    expect(credited?.lines).toEqual([
      { code: '1-1200', debit: 75_000, credit: 0 },
      { code: '2-1210', debit: 0, credit: 75_000 },
    ]);
    await expectBooksTrue(s.ctx);

    const paymentId = Number(reference.slice('payment:'.length));
    await s.ctx.database.transaction((tx) => reverseCreditOfPayments(tx, who, [paymentId], 'Uji buku'));
    const [back] = (
      (await s.ctx.database.db.execute(
        sql`select id from student_credit_movements where reference = ${`${reference}:void`}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const [reversal] = await entryOf(back?.id ?? null);
    expect(reversal?.reversal_of).toBe(credited?.id);
    expect(reversal?.lines).toEqual([
      { code: '1-1200', debit: 0, credit: 75_000 },
      { code: '2-1210', debit: 75_000, credit: 0 },
    ]);
    await expectBooksTrue(s.ctx);
  });

  it('the tie-out answers all three: Piutang Siswa, Piutang Calon Siswa and Titipan Siswa', async () => {
    const tie = await call<BooksTieOut>('GET', '/api/books/tie-out', s.bandung);
    expect(tie.status).toBe(200);
    expect(tie.body).toMatchObject({
      difference: 0,
      lines: [],
      prospects: { difference: 0, lines: [] },
      credit: { difference: 0 },
    });
    expect(tie.body.prospects.ledger).toBeGreaterThan(0);
    const balance = await call<BooksTrialBalance>('GET', '/api/books/trial-balance', s.bandung);
    const row = balance.body.rows.find((r) => r.code === '1-1310');
    expect(row?.balance_debit).toBe(tie.body.prospects.ledger);
    expect(balance.body.totals.balance_debit).toBe(balance.body.totals.balance_credit);
    // A difference shows bill by bill: an entry off by 1 rupiah, looked at before it is rolled back.
    const bill = await unpaidBill();
    await expect(
      s.ctx.database.transaction(async (tx) => {
        await tx.execute(sql`with e as (insert into books_entries (client_id, branch_id, voucher_number, entry_date,
            source_kind, source_id, description) values (1, 1, 'UJI-TIE', current_date, 'prospect_bill', 0, 'uji')
            returning id)
          insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit, prospective_billing_id)
          select 1, 1, e.id, a.id, 1, 0, ${bill.id}::integer from e, books_accounts a
          where a.client_id = 1 and a.role = 'receivable_prospect'`);
        const off = await tieOut(tx as never, { clientId: 1, branchId: 1 });
        expect(off.prospects.lines).toEqual([
          expect.objectContaining({ bill_id: bill.id, bill_number: bill.bill_number, difference: 1 }),
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });
});

describe('opening the books of a branch whose history came before them', () => {
  it('finds the branch with bills and no entry, books all of it balanced and tied out, once', async () => {
    expect(await openUnbookedBranches(s.ctx.database)).toEqual([]); // the demo is open: nothing twice
    const [jakarta] = (
      (await s.ctx.database.db.execute(
        sql`select id, client_id from branches where id <> 1 order by id limit 1`,
      )) as unknown as { rows: { id: number; client_id: number }[] }
    ).rows;
    if (!jakarta) throw new Error('a second branch in the demo');
    await expect(
      s.ctx.database.transaction(async (tx) => {
        // Its books as before migration 0030: gone, bypassing the triggers, in a transaction rolled back below.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from books_lines where branch_id = ${jakarta.id}`);
        await tx.execute(sql`delete from books_entries where branch_id = ${jakarta.id}`);
        await tx.execute(sql`set local session_replication_role = origin`);
        expect(await unbookedBranches(tx)).toEqual([jakarta.id]);
        await openBooks(tx, [jakarta.id]);
        expect(await unbookedBranches(tx)).toEqual([]);
        expect(await unbalancedEntries(tx)).toEqual([]);
        const tie = await tieOut(tx as never, { clientId: jakarta.client_id, branchId: jakarta.id });
        expect(tie.ledger).toBeGreaterThan(0);
        expect([tie.difference, tie.prospects.difference, tie.credit.difference]).toEqual([0, 0, 0]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });
});

describe('the books stay true after any sequence of prospect writes (property)', () => {
  type Step = { op: 'pay'; share: number; ptype: number } | { op: 'void' } | { op: 'delete' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('pay' as const),
      share: fc.double({ min: 0.1, max: 1, noNaN: true }),
      ptype: fc.constantFrom(1, 2, 4),
    }),
    fc.constant({ op: 'void' as const }),
    fc.constant({ op: 'delete' as const }),
  );

  it('random prospect bills, payments, voids and deletions', async () => {
    const done = new Map<string, number>();
    const tally = (op: string, ok: boolean) => {
      if (ok) done.set(op, (done.get(op) ?? 0) + 1);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 2, maxLength: 6 }),
        fc.boolean(),
        fc.nat(1000),
        async (steps, fresh, n) => {
          const bill = (fresh && (await billNewProspect())) || (await owingBill(n));
          tally('bill', fresh);
          let gone = false;
          for (const st of steps) {
            if (gone) break;
            const now = await detailOf(bill.id);
            if (st.op === 'pay' && now.total_billing > 0) {
              tally('pay', (await pay(now, st.ptype, st.share)).status === 201);
            } else if (st.op === 'void') {
              tally('void', (await voidAll(bill.id)) > 0);
            } else if (st.op === 'delete') {
              const res = await call(
                'DELETE',
                `/api/psb-event-prospective/${now.psb_event_prospective.id}`,
                s.bandung,
              );
              gone = res.status === 200;
              tally('delete', gone);
            }
          }
          await expectBooksTrue(s.ctx);
        },
      ),
      // A written sequence first (it counts among the runs) that pays and voids whatever the draw: the check below
      // must not depend on luck.
      { numRuns: 11, examples: [[[{ op: 'pay', share: 0.5, ptype: 1 }, { op: 'void' }], false, 0]] },
    );
    for (const op of ['pay', 'void']) expect(done.get(op), op).toBeGreaterThan(0);
  }, 600_000);
});
