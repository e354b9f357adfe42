/**
 * Rekonsiliasi Bank through the API (docs/bank-reconciliation.md): import and re-import, a bad file imports
 * nothing, candidates, posting once even when two requests race, split lines, a share above what is owed kept as
 * Saldo Titipan once and reversed by the void, voiding the payment frees the line, and the month's overview and its
 * workbook read back. Runs on PGlite and, with the suite's PostgreSQL, on PostgreSQL.
 */
import type {
  BankAccount,
  BankImportResult,
  BankLine,
  BankLineList,
  BankOverview,
  BankPostResult,
} from '@keuangan/shared/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import {
  bank_statement_debits,
  bank_statement_lines,
  bank_statement_months,
  fee_types,
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
  student_billings,
  student_credit_movements,
  students,
} from '../src/db/schema';
import { apiSuite, type BillRow, caller } from './billing-fixtures';
import { expectBooksTrue } from './books-fixtures';
import { bearer, TEST_SECRET } from './helpers';

const s = apiSuite();

/** Posts a line from this app and, at the same moment, from a second API instance on the same database (its own connection pool on PostgreSQL). */
async function postFromTwoInstances(lineId: number) {
  const second = s.ctx.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: s.ctx.databaseUrl })
    : s.ctx.database;
  const other = await buildApp({ database: second, jwtSecret: TEST_SECRET, uploadsDir: s.ctx.uploadsDir });
  const post = (call: typeof s.call) =>
    call<BankPostResult>('POST', `/api/bank-statement-lines/${lineId}/post`, s.bandung);
  try {
    return await Promise.all([post(s.call), post(caller({ ...s.ctx, app: other }))]);
  } finally {
    await other.close();
    if (second !== s.ctx.database) await second.close();
  }
}

/** The journal lines of the Saldo Titipan movement of a reference, by account code. */
const creditEntryLines = async (reference: string) =>
  (
    (await s.ctx.database.db.execute(sql`select a.code, l.debit::int as debit, l.credit::int as credit
      from student_credit_movements c
      join books_entries e on e.source_kind = 'student_credit' and e.source_id = c.id
      join books_lines l on l.entry_id = e.id join books_accounts a on a.id = l.account_id
      where c.branch_id = 1 and c.reference = ${reference} order by l.id`)) as unknown as {
      rows: { code: string; debit: number; credit: number }[];
    }
  ).rows;

/** 1250000 as the generic template writes it: 1.250.000,00. */
const rupiah = (n: number) => `${n.toLocaleString('id-ID')},00`;
/** 'YYYY-MM-DD' as DD/MM/YYYY. */
const dmy = (date: string) => date.split('-').reverse().join('/');

function statement(
  lines: { date: string; text: string; credit?: number; debit?: number; balance: number }[],
) {
  return [
    'Tanggal;Keterangan;Debet;Kredit;Saldo',
    ...lines.map(
      (l) => `${dmy(l.date)};${l.text};${rupiah(l.debit ?? 0)};${rupiah(l.credit ?? 0)};${rupiah(l.balance)}`,
    ),
  ].join('\r\n');
}

async function upload(accountId: number, text: string | Buffer, token = s.bandung) {
  const boundary = '----bank-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mutasi.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: `/api/bank-statement-import/${accountId}`,
    payload: body,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json<BankImportResult & { message: string }>() };
}

const nisOf = async (studentId: number) => {
  const [row] = await s.ctx.database.db
    .select({ nis: students.nis })
    .from(students)
    .where(eq(students.id, studentId));
  return row?.nis as string;
};
const nameOf = async (studentId: number) => {
  const [row] = await s.ctx.database.db
    .select({ name: students.name })
    .from(students)
    .where(eq(students.id, studentId));
  return row?.name as string;
};
const billNow = async (id: number) => {
  const [row] = await s.ctx.database.db.select().from(student_billings).where(eq(student_billings.id, id));
  return row as BillRow;
};
const standingPaymentsOf = (billId: number) =>
  s.ctx.database.db
    .select()
    .from(student_billing_payments)
    .where(
      and(
        eq(student_billing_payments.student_billing_id, billId),
        isNull(student_billing_payments.voided_at),
      ),
    );

/** A student's Saldo Titipan movements, oldest first. */
const creditOf = (studentId: number) =>
  s.ctx.database.db
    .select({
      amount: student_credit_movements.amount,
      source: student_credit_movements.source,
      reference: student_credit_movements.reference,
    })
    .from(student_credit_movements)
    .where(eq(student_credit_movements.student_id, studentId))
    .orderBy(asc(student_credit_movements.id));

let account: BankAccount;
const month = () => s.today.slice(0, 7);

async function linesOfMonth(): Promise<BankLine[]> {
  const res = await s.call<BankLineList>(
    'GET',
    `/api/bank-statement-lines?bank_account_id=${account.id}&mm=${month()}`,
    s.bandung,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}
const lineNamed = async (text: string) => {
  const line = (await linesOfMonth()).find((l) => l.description === text);
  if (!line) throw new Error(`no line ${text}`);
  return line;
};

beforeAll(async () => {
  const res = await s.call<BankAccount>('POST', '/api/bank-accounts', s.bandung, {
    bank: 'generic',
    account_number: `${Date.now()}`.slice(-10),
    account_name: 'Rekening Sekolah Uji',
  });
  expect(res.status).toBe(201);
  account = res.body;
});

describe('accounts and template', () => {
  it('lists the account in its branch only, refuses a second with its number and non-finance users', async () => {
    expect(
      (await s.call<{ data: BankAccount[] }>('GET', '/api/bank-accounts', s.bandung)).body.data,
    ).toContainEqual(account);
    expect(
      (await s.call<{ data: BankAccount[] }>('GET', '/api/bank-accounts', s.jakarta)).body.data,
    ).not.toContainEqual(account);
    const again = await s.call('POST', '/api/bank-accounts', s.bandung, { ...account, id: undefined });
    expect(again.status).toBe(409);
    expect((await s.call('GET', '/api/bank-accounts', s.guru)).status).toBe(403);
    expect((await upload(account.id, 'x', s.jakarta)).status).toBe(404);
  });

  it('offers the generic template', async () => {
    const res = await s.call('GET', '/api/bank-statement-template', s.bandung);
    expect(res.status).toBe(200);
    expect(res.raw.toString()).toMatch(/^Tanggal;Keterangan;Debet;Kredit;Saldo\r\n/);
  });
});

describe('import', () => {
  it('imports credit lines once: a re-import and an overlapping file add nothing twice', async () => {
    const day = s.today;
    const first = statement([
      { date: day, text: 'IMPORT A', credit: 100_000, balance: 100_000 },
      { date: day, text: 'BIAYA ADMIN', debit: 5_000, balance: 95_000 },
      { date: day, text: 'IMPORT B', credit: 200_000, balance: 295_000 },
    ]);
    const a = await upload(account.id, first);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      credit_lines: 2,
      new_lines: 2,
      duplicate_lines: 0,
      debit_lines: 1,
      closing_balance: 295_000,
    });
    expect((await upload(account.id, first)).body).toMatchObject({ new_lines: 0, duplicate_lines: 2 });
    const overlap = statement([
      { date: day, text: 'IMPORT B', credit: 200_000, balance: 295_000 },
      { date: day, text: 'IMPORT C', credit: 300_000, balance: 595_000 },
    ]);
    expect((await upload(account.id, overlap)).body).toMatchObject({ new_lines: 1, duplicate_lines: 1 });
    const texts = (await linesOfMonth()).map((l) => l.description).filter((t) => t.startsWith('IMPORT'));
    expect(texts.sort()).toEqual(['IMPORT A', 'IMPORT B', 'IMPORT C']);
  });

  it('a bad file imports nothing and names line and column', async () => {
    const before = await s.ctx.database.db.$count(bank_statement_lines);
    const bad =
      statement([{ date: s.today, text: 'BAD GOOD LINE', credit: 1_000, balance: 1_000 }]) +
      `\r\n${dmy(s.today)};BAD LINE;0;1000.00;0`;
    const res = await upload(account.id, bad);
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Baris 3, kolom Kredit');
    expect(await s.ctx.database.db.$count(bank_statement_lines)).toBe(before);
    const big = await upload(account.id, Buffer.alloc(3 * 1024 * 1024, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/terlalu besar/);
  });
});

describe('matching and posting', () => {
  it('a line naming the NIS is Cocok, posts once when two instances post it at once, and the bill is paid', async () => {
    const bill = await s.newBill();
    const nis = await nisOf(bill.student_id);
    const text = `TRF NIS ${nis} SPP`;
    // Less than the bill owes: a second posting would find something left to pay, so only the line's lock stops it.
    await upload(account.id, statement([{ date: s.today, text, credit: 200_000, balance: 9_000_000 }]));
    const line = await lineNamed(text);
    expect(line.status).toBe('cocok');
    expect(line.candidates[0]).toMatchObject({ student_id: bill.student_id });
    expect(line.candidates[0]?.reason).toContain(`NIS ${nis} tertulis di keterangan`);

    const [one, two] = await postFromTwoInstances(line.id);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect([one, two].find((r) => r.status === 409)?.body).toMatchObject({
      message: 'Mutasi ini sudah diposting',
    });
    const payments = await standingPaymentsOf(bill.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ ptype: 4, amount: 200_000, payment_date: s.today });
    expect((await billNow(bill.id)).total_billing).toBe(bill.total_billing - 200_000);
    expect((await lineNamed(text)).status).toBe('posted');

    // Voiding the payment (withdrawing the confirmation) frees the line.
    const undo = await s.call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah posting mutasi bank',
    });
    expect(undo.status).toBe(200);
    const freed = await lineNamed(text);
    expect(freed.status).not.toBe('posted');
    expect(freed.payment_ids).toEqual([]);
  });

  it('a line split over two students (siblings) posts two payments; shares not adding up change nothing', async () => {
    const [a, b] = [await s.newBill(), await s.newBill()];
    const text = 'SETORAN UNTUK DUA SAUDARA';
    const amount = a.total_billing + b.total_billing;
    await upload(account.id, statement([{ date: s.today, text, credit: amount, balance: 8_000_000 }]));
    const line = await lineNamed(text);
    expect(line.status).toBe('belum_cocok');
    const wrong = await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: [{ student_id: a.student_id, amount: 1 }],
    });
    expect(wrong.status).toBe(422);
    // Shares not adding up to the line change nothing: the earlier choice stands.
    const whole = [{ student_id: a.student_id, amount }];
    const first = await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: whole,
    });
    expect(first.status).toBe(200);
    const short = await s.call<{ message: string }>(
      'POST',
      `/api/bank-statement-lines/${line.id}/allocate`,
      s.bandung,
      {
        allocations: [
          { student_id: a.student_id, amount: a.total_billing },
          { student_id: b.student_id, amount: b.total_billing - 1 },
        ],
      },
    );
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Jumlah pembagian harus sama dengan nominal mutasi');
    expect((await lineNamed(text)).allocations).toMatchObject(whole);
    const split = await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: [
        { student_id: a.student_id, amount: a.total_billing },
        { student_id: b.student_id, amount: b.total_billing },
      ],
    });
    expect(split.status).toBe(200);
    const posted = await s.call<BankPostResult>(
      'POST',
      `/api/bank-statement-lines/${line.id}/post`,
      s.bandung,
    );
    expect(posted.status).toBe(201);
    expect(posted.body.payment_ids).toHaveLength(2);
    // One Transfer payment per student.
    for (const bill of [a, b]) {
      const payments = await standingPaymentsOf(bill.id);
      expect(payments.map((p) => [p.ptype, p.amount])).toEqual([[4, bill.total_billing]]);
    }
    expect((await billNow(a.id)).total_billing).toBe(0);
    expect((await billNow(b.id)).total_billing).toBe(0);
    const again = await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: [{ student_id: a.student_id, amount }],
    });
    expect(again.status).toBe(409);
  });

  it('a share above what is owed pays the bill and keeps the rest as Saldo Titipan once; a void reverses it', async () => {
    const bill = await s.newBill();
    const text = 'TRANSFER LEBIH BAYAR';
    await upload(
      account.id,
      statement([{ date: s.today, text, credit: bill.total_billing + 50_000, balance: 7_000_000 }]),
    );
    const line = await lineNamed(text);
    await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: [{ student_id: bill.student_id, amount: bill.total_billing + 50_000 }],
    });
    const [one, two] = await postFromTwoInstances(line.id);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const posted = [one, two].find((r) => r.status === 201)?.body as BankPostResult;
    expect(posted.credits).toEqual([{ student_id: bill.student_id, amount: 50_000 }]);
    const payments = await standingPaymentsOf(bill.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.amount).toBe(bill.total_billing);
    expect((await billNow(bill.id)).total_billing).toBe(0);
    expect(await creditOf(bill.student_id)).toEqual([
      { amount: 50_000, source: 'bank_excess', reference: `payment:${payments[0]?.id}` },
    ]);
    // In the books: the payment on Piutang, the excess Dr Bank / Cr Titipan Siswa (docs/books.md).
    expect(await creditEntryLines(`payment:${payments[0]?.id}`)).toEqual([
      { code: '1-1200', debit: 50_000, credit: 0 },
      { code: '2-1210', debit: 0, credit: 50_000 },
    ]);
    await expectBooksTrue(s.ctx);

    const undo = await s.call('POST', `/api/student-billing-xupdate/${bill.id}`, s.bandung, {
      field: 'form_status',
      value: 0,
      void_reason: 'Transfer salah siswa',
    });
    expect(undo.status).toBe(200);
    expect(await creditOf(bill.student_id)).toEqual([
      { amount: 50_000, source: 'bank_excess', reference: `payment:${payments[0]?.id}` },
      { amount: -50_000, source: 'payment_void', reference: `payment:${payments[0]?.id}:void` },
    ]);
    expect(await creditEntryLines(`payment:${payments[0]?.id}:void`)).toEqual([
      { code: '1-1200', debit: 0, credit: 50_000 },
      { code: '2-1210', debit: 50_000, credit: 0 },
    ]);
    await expectBooksTrue(s.ctx);
    expect((await lineNamed(text)).status).toBe('cocok');
  });

  it('a share over more than 24 bills of one department posts 24 bills a payment, as the counter allows', async () => {
    // Bills dated the 2nd: on the 1st of a month the test takes last month, so the transfer is not before them.
    const [y, m] = s.today.split('-').map(Number) as [number, number];
    const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const bill = await s.newBill({
      month: s.today.endsWith('-01') ? last : month(),
      items: [{ price: 10_000 }],
    });
    const { db } = s.ctx.database;
    // A class-month holds one component per fee type: 24 fee types of the test's own (reference rows, no route).
    const feeTypes = await db
      .insert(fee_types)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          client_id: bill.client_id,
          branch_id: bill.branch_id,
          name: `Uji Bank ${bill.student_id}-${i + 1}`,
        })),
      )
      .returning({ id: fee_types.id });
    const placement = {
      department_id: bill.department_id,
      year_of_study_id: bill.year_of_study_id,
      yos_periode_id: bill.yos_periode_id,
      level_id: bill.level_id,
      class_id: bill.class_id,
      mm: bill.mm,
    };
    // A component is charged to a student once: each extra bill takes one of its own.
    for (const [i, feeType] of feeTypes.entries()) {
      const component = await s.call<{ id: number }>('POST', '/api/student-fee-component', s.bandung, {
        ...placement,
        fee_type_id: feeType.id,
        ftype: 1,
        name: `Tambahan ${i + 1}`,
        price: 1_000,
      });
      expect(component.status, JSON.stringify(component.body)).toBe(201);
      const extra = await s.call('POST', '/api/student-billing-extra', s.bandung, {
        ...placement,
        bill_date: `${bill.mm}-02`,
        student_fee_components: [component.body.id],
        students: [bill.student_id],
      });
      expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    }
    const confirmed = await s.call('POST', '/api/student-billing-update-form-status', s.bandung, placement);
    expect(confirmed.status).toBe(200);
    const bills = await db
      .select()
      .from(student_billings)
      .where(eq(student_billings.student_id, bill.student_id));
    expect(bills).toHaveLength(25);
    const owed = bills.reduce((sum, b) => sum + b.total_billing, 0);

    const text = `SPP 25 BULAN ${bill.student_id}`;
    await upload(account.id, statement([{ date: s.today, text, credit: owed, balance: 4_000_000 }]));
    const line = await lineNamed(text);
    const shared = await s.call('POST', `/api/bank-statement-lines/${line.id}/allocate`, s.bandung, {
      allocations: [{ student_id: bill.student_id, amount: owed }],
    });
    expect(shared.status).toBe(200);
    const posted = await s.call<BankPostResult>(
      'POST',
      `/api/bank-statement-lines/${line.id}/post`,
      s.bandung,
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.payment_ids).toHaveLength(2);
    const lines = await db
      .select({
        payment: student_billing_item_payments.student_billing_payment_id,
        bill: student_billing_items.student_billing_id,
      })
      .from(student_billing_item_payments)
      .innerJoin(
        student_billing_items,
        eq(student_billing_items.id, student_billing_item_payments.student_billing_item_id),
      )
      .where(inArray(student_billing_item_payments.student_billing_payment_id, posted.body.payment_ids));
    const billsOf = (id: number) => new Set(lines.filter((l) => l.payment === id).map((l) => l.bill)).size;
    expect(posted.body.payment_ids.map(billsOf)).toEqual([24, 1]);
    for (const b of bills) expect((await billNow(b.id)).total_billing).toBe(0);
  });

  it('a line without a share or a sure candidate cannot be posted; another branch sees no line', async () => {
    const text = 'SETORAN TANPA NAMA';
    await upload(account.id, statement([{ date: s.today, text, credit: 123_000, balance: 6_000_000 }]));
    const line = await lineNamed(text);
    expect(line.status).toBe('belum_cocok');
    expect((await s.call('POST', `/api/bank-statement-lines/${line.id}/post`, s.bandung)).status).toBe(422);
    expect((await s.call('POST', `/api/bank-statement-lines/${line.id}/post`, s.jakarta)).status).toBe(404);
    const ids = (await linesOfMonth()).map((l) => l.id);
    const rows = await s.ctx.database.db
      .select()
      .from(bank_statement_lines)
      .where(inArray(bank_statement_lines.id, ids));
    expect(rows.every((r) => r.branch_id === 1)).toBe(true);
  });
});

describe('overview and export', () => {
  let own: BankAccount;
  let bills: BillRow[];
  const texts = ['OVR NIS LINE', 'OVR TANPA NAMA', 'OVR LEBIH'];

  beforeAll(async () => {
    const made = await s.call<BankAccount>('POST', '/api/bank-accounts', s.bandung, {
      bank: 'generic',
      account_number: `9${Date.now()}`.slice(-11),
      account_name: 'Rekening Ringkasan',
    });
    own = made.body;
    bills = [await s.newBill(), await s.newBill()];
    const [a, b] = bills as [BillRow, BillRow];
    const file = statement([
      { date: s.today, text: `${texts[0]} ${await nisOf(a.student_id)}`, credit: 100_000, balance: 600_000 },
      { date: s.today, text: 'BIAYA ADMIN', debit: 10_000, balance: 590_000 },
      { date: s.today, text: texts[1] as string, credit: 77_000, balance: 667_000 },
      {
        date: s.today,
        text: `${texts[2]} ${await nisOf(b.student_id)}`,
        credit: b.total_billing + 10_000,
        balance: 677_000 + b.total_billing,
      },
    ]);
    expect((await upload(own.id, file)).status).toBe(201);
    const lines = (
      await s.call<BankLineList>(
        'GET',
        `/api/bank-statement-lines?bank_account_id=${own.id}&mm=${month()}`,
        s.bandung,
      )
    ).body.data;
    const excess = lines.find((l) => l.description.startsWith(texts[2] as string)) as BankLine;
    expect(excess.status).toBe('cocok');
    expect((await s.call('POST', `/api/bank-statement-lines/${excess.id}/post`, s.bandung)).status).toBe(201);
  });

  it('counts and sums each status, reads the balance as opening + credits − debits, and the credits not posted', async () => {
    const b = bills[1] as BillRow;
    const res = await s.call<BankOverview>(
      'GET',
      `/api/bank-reconciliation-overview?bank_account_id=${own.id}&mm=${month()}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const posted = b.total_billing + 10_000;
    const closing = 677_000 + b.total_billing;
    expect(res.body).toEqual({
      bank_account_id: own.id,
      mm: month(),
      imported: { count: 3, amount: 177_000 + posted },
      cocok: { count: 1, amount: 100_000 },
      belum_cocok: { count: 1, amount: 77_000 },
      posted: { count: 1, amount: posted },
      credited: 10_000,
      // The first line's balance less its credit: 600.000 − 100.000.
      opening_balance: 500_000,
      opening_date: s.today,
      debited: { count: 1, amount: 10_000 },
      computed_closing: 500_000 + 177_000 + posted - 10_000,
      closing_balance: closing,
      closing_date: s.today,
      balance_matches: true,
      received: posted,
      // The two lines not posted: 100.000 and 77.000.
      difference: 177_000,
    });
    const other = `/api/bank-reconciliation-overview?bank_account_id=${own.id}&mm=${month()}`;
    expect((await s.call('GET', other, s.jakarta)).status).toBe(404);
    expect((await s.call('GET', `${other.slice(0, -7)}2026-13`, s.bandung)).status).toBe(422);
  });

  it('reads a month imported in parts once, takes a Saldo Awal row, and shows a missing line in the check', async () => {
    const made = await s.call<BankAccount>('POST', '/api/bank-accounts', s.bandung, {
      bank: 'generic',
      account_number: `8${Date.now()}`.slice(-11),
      account_name: 'Rekening Bertahap',
    });
    const id = made.body.id;
    // Last month: every day of it is past.
    const [y, m] = s.today.split('-').map(Number) as [number, number];
    const mm = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const day = (d: number) => `${d}/${mm.slice(5)}/${mm.slice(0, 4)}`.padStart(10, '0');
    const header = 'Tanggal;Keterangan;Debet;Kredit;Saldo';
    // The first line has no balance: the opening comes from the Saldo Awal row above the table.
    const first = [
      'Saldo Awal;;;;1.000.000,00',
      header,
      `${day(2)};PART SATU;0;200.000,00;`,
      `${day(5)};BIAYA ADMIN;50.000,00;0;1.150.000,00`,
      `${day(10)};PART DUA;0;100.000,00;1.250.000,00`,
    ].join('\r\n');
    const second = [
      header,
      `${day(10)};PART DUA;0;100.000,00;1.250.000,00`,
      `${day(15)};BIAYA ADMIN;50.000,00;0;1.200.000,00`,
      `${day(20)};PART TIGA;0;300.000,00;1.500.000,00`,
    ].join('\r\n');
    for (const file of [first, second, second]) expect((await upload(id, file)).status).toBe(201);
    const url = `/api/bank-reconciliation-overview?bank_account_id=${id}&mm=${mm}`;
    const read = async () => (await s.call<BankOverview>('GET', url, s.bandung)).body;
    expect(await read()).toMatchObject({
      opening_balance: 1_000_000,
      opening_date: `${mm}-02`,
      imported: { count: 3, amount: 600_000 },
      debited: { count: 2, amount: 100_000 },
      computed_closing: 1_500_000,
      closing_balance: 1_500_000,
      closing_date: `${mm}-20`,
      balance_matches: true,
      received: 0,
      difference: 600_000,
    });
    // A part missing a 50.000 credit: the statement's closing balance no longer follows from the lines kept.
    const gap = [header, `${day(25)};PART EMPAT;0;50.000,00;1.600.000,00`].join('\r\n');
    expect((await upload(id, gap)).status).toBe(201);
    expect(await read()).toMatchObject({
      computed_closing: 1_550_000,
      closing_balance: 1_600_000,
      balance_matches: false,
      difference: 650_000,
    });
    // What the imports read is kept as written (migration 0034's triggers), whoever asks.
    const { db } = s.ctx.database;
    const fixed = { cause: { message: expect.stringMatching(/cannot be changed or deleted/) } };
    const months = eq(bank_statement_months.bank_account_id, id);
    const debits = eq(bank_statement_debits.bank_account_id, id);
    await expect(
      db.update(bank_statement_months).set({ opening_balance: 0 }).where(months),
    ).rejects.toMatchObject(fixed);
    await expect(db.delete(bank_statement_months).where(months)).rejects.toMatchObject(fixed);
    await expect(db.update(bank_statement_debits).set({ amount: 1 }).where(debits)).rejects.toMatchObject(
      fixed,
    );
    await expect(db.delete(bank_statement_debits).where(debits)).rejects.toMatchObject(fixed);
  });

  it('exports the month: figures and lines with status, student, payment number and reason, rupiah as numbers', async () => {
    const b = bills[1] as BillRow;
    const res = await s.call(
      'GET',
      `/api/bank-reconciliation-xlsx?bank_account_id=${own.id}&mm=${month()}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const rowsOf = (name: string) => {
      const sheet = book.getWorksheet(name) as ExcelJS.Worksheet;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };
    const [payment] = await standingPaymentsOf(b.id);
    const lines = rowsOf('Mutasi');
    const excess = lines.find((r) => String(r[1]).startsWith(texts[2] as string)) as unknown[];
    expect(excess.slice(2)).toEqual([
      b.total_billing + 10_000,
      677_000 + b.total_billing,
      'Diposting',
      await nameOf(b.student_id),
      payment?.payment_number,
      10_000,
      expect.stringContaining('NIS'),
    ]);
    const unknown = lines.find((r) => r[1] === texts[1]) as unknown[];
    expect(unknown.slice(2, 5)).toEqual([77_000, 667_000, 'Belum Cocok']);
    const matched = lines.find((r) => String(r[1]).startsWith(texts[0] as string)) as unknown[];
    expect(matched[4]).toBe('Cocok');
    const figures = rowsOf('Ringkasan');
    const amountOf = (label: string) => figures.find((r) => r[0] === label)?.[2];
    expect(amountOf('Selisih (kredit belum diposting)')).toBe(177_000);
    expect(amountOf('Saldo awal')).toBe(500_000);
    expect(figures.find((r) => r[0] === '− Debet')?.slice(1)).toEqual([1, 10_000]);
    expect(amountOf('= Saldo akhir (sesuai rekening koran)')).toBe(677_000 + b.total_billing);
    expect(amountOf('Saldo akhir rekening koran')).toBe(677_000 + b.total_billing);
    expect(figures.find((r) => r[0] === 'Mutasi diimpor')?.slice(1)).toEqual([
      3,
      177_000 + b.total_billing + 10_000,
    ]);
  });
});
