/**
 * Akun & Pemetaan (docs/books.md "The accounts"): admins and finance managers keep the foundation's chart and its
 * mappings (others 403); codes are unique per foundation, an account with entries keeps its kind and is never
 * deleted, only deactivated once nothing maps to it; a changed mapping applies to entries posted after it.
 */
import {
  BOOKS_CHART_MESSAGES,
  type BooksChartAccount,
  type BooksMappingRow,
  type Paged,
} from '@keuangan/shared/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, books_accounts, fee_types } from '../src/db/schema';
import { apiSuite, type ErrorBody } from './billing-fixtures';
import { entriesOfBill, expectBooksTrue } from './books-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
/** An admin of branch 1; the suite's own session is a finance clerk's. */
let manager: string;
beforeAll(async () => {
  manager = (await login(s.ctx.app, 'admin')).token;
});

let serial = 0;
const uniqueCode = () => `9-${Date.now() % 100_000}${++serial}`;
const chart = (token = manager, limit = 100) =>
  call<Paged<BooksChartAccount> & ErrorBody>('GET', `/api/books/chart?limit=${limit}`, token);
const mappings = (token = manager) =>
  call<Paged<BooksMappingRow> & ErrorBody>('GET', '/api/books/mappings?limit=100', token);
const addAccount = (body: object, token = manager) =>
  call<ErrorBody>('POST', '/api/books/chart', token, body);
const editAccount = (id: number, body: object) =>
  call<ErrorBody>('PUT', `/api/books/chart/${id}`, manager, body);
const setActive = (id: number, active: boolean) =>
  call<ErrorBody>('POST', `/api/books/chart/${id}/active`, manager, { active });
const map = (body: object, token = manager) => call<ErrorBody>('PUT', '/api/books/mappings', token, body);

async function accountByCode(code: string) {
  const [row] = await s.ctx.database.db.select().from(books_accounts).where(eq(books_accounts.code, code));
  if (!row) throw new Error(`no account ${code}`);
  return row;
}
const lastAudit = async (action: string) =>
  (
    await s.ctx.database.db
      .select()
      .from(audit_logs)
      .where(eq(audit_logs.action, action))
      .orderBy(desc(audit_logs.id))
      .limit(1)
  )[0];

describe('Akun & Pemetaan: who', () => {
  it('is for admins and finance managers: a finance clerk and a teacher get 403 on every route', async () => {
    for (const token of [s.bandung, s.guru]) {
      expect((await chart(token)).status).toBe(403);
      expect((await mappings(token)).status).toBe(403);
      expect((await addAccount({ code: uniqueCode(), name: 'X', kind: 'asset' }, token)).status).toBe(403);
      expect((await map({ source: 'deduction', source_key: 1, account_id: 1 }, token)).status).toBe(403);
    }
    expect((await chart(s.bandung)).body.message).toBe(BOOKS_CHART_MESSAGES.role);
    // The chart itself (the reports' account picker) stays readable by finance clerks.
    expect((await call('GET', '/api/books/accounts', s.bandung)).status).toBe(200);
  });
});

describe('Akun & Pemetaan: the chart', () => {
  it('lists the default chart with each account in use or not', async () => {
    const page = await chart();
    expect(page.status).toBe(200);
    const receivable = page.body.data.find((a) => a.role === 'receivable_student');
    expect(receivable).toMatchObject({ code: '1-1300', kind: 'asset', active: true, has_entries: true });
    expect(receivable?.mapped).toBeGreaterThan(1);
    expect(page.body.data.find((a) => a.role === 'bank_fee')).toMatchObject({ has_entries: false });
  });

  it('adds and edits an account: code unique per foundation, name required, kind from the list; audited', async () => {
    const code = uniqueCode();
    const added = await addAccount({ code, name: '  Kas Kecil  ', kind: 'asset' });
    expect(added.status).toBe(201);
    const account = await accountByCode(code);
    expect(account).toMatchObject({ name: 'Kas Kecil', kind: 'asset', role: null, active: true });
    expect(await lastAudit('books.account_create')).toMatchObject({ entity_id: account.id });

    const taken = await addAccount({ code: code.toLowerCase(), name: 'Lagi', kind: 'asset' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.code).toEqual([BOOKS_CHART_MESSAGES.codeTaken]);
    const bad = await addAccount({ code: 'a b', name: ' ', kind: 'cash' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      code: [BOOKS_CHART_MESSAGES.codeInvalid],
      name: [BOOKS_CHART_MESSAGES.nameRequired],
      kind: [BOOKS_CHART_MESSAGES.kindInvalid],
    });

    // No entries yet: the kind may change; another account's code may not be taken.
    expect((await editAccount(account.id, { code, name: 'Kas Kecil Sekolah', kind: 'expense' })).status).toBe(
      200,
    );
    expect(await accountByCode(code)).toMatchObject({ name: 'Kas Kecil Sekolah', kind: 'expense' });
    expect((await lastAudit('books.account_update'))?.before).toMatchObject({ kind: 'asset' });
    expect((await editAccount(account.id, { code: '1-1100', name: 'X', kind: 'asset' })).status).toBe(422);
    expect((await editAccount(999_999, { code, name: 'X', kind: 'asset' })).status).toBe(404);
  });

  it('keeps the kind of an account with entries; deactivates only what nothing maps to; never deletes', async () => {
    const kas = await accountByCode('1-1100');
    const refused = await editAccount(kas.id, { code: kas.code, name: kas.name, kind: 'expense' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.kind).toEqual([BOOKS_CHART_MESSAGES.kindLocked]);
    // Renaming keeps the entries' account.
    expect((await editAccount(kas.id, { code: kas.code, name: 'Kas Tunai', kind: 'asset' })).status).toBe(
      200,
    );
    expect((await editAccount(kas.id, { code: kas.code, name: kas.name, kind: 'asset' })).status).toBe(200);

    const stillMapped = await setActive(kas.id, false);
    expect(stillMapped.status).toBe(409);
    expect(stillMapped.body.message).toBe(BOOKS_CHART_MESSAGES.stillMapped);

    const code = uniqueCode();
    await addAccount({ code, name: 'Rekening Lama', kind: 'asset' });
    const spare = await accountByCode(code);
    expect((await setActive(spare.id, false)).status).toBe(200);
    expect(await accountByCode(code)).toMatchObject({ active: false });
    expect(await lastAudit('books.account_deactivate')).toMatchObject({ entity_id: spare.id });
    // An inactive account takes no mapping; activated again, it does.
    const inactive = await map({ source: 'payment_type', source_key: 5, account_id: spare.id });
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors?.account_id).toEqual([BOOKS_CHART_MESSAGES.inactive]);
    expect((await setActive(spare.id, true)).status).toBe(200);
    expect((await call('DELETE', `/api/books/chart/${spare.id}`, manager)).status).toBe(404);
  });
});

describe('Akun & Pemetaan: the mappings', () => {
  it('lists every fee type of the branch, every payment type and both deductions with their accounts', async () => {
    const page = await mappings();
    expect(page.status).toBe(200);
    const fees = await s.ctx.database.db.select().from(fee_types).where(eq(fee_types.branch_id, 1));
    expect(page.body.data.filter((m) => m.source === 'fee_type')).toHaveLength(fees.length);
    expect(page.body.data.filter((m) => m.source === 'payment_type')).toHaveLength(8);
    expect(page.body.data.find((m) => m.source === 'payment_type' && m.source_key === 1)).toMatchObject({
      label: 'Cash',
      account_code: '1-1100',
    });
    expect(page.body.data.find((m) => m.source === 'deduction' && m.source_key === 2)).toMatchObject({
      label: 'Ditanggung',
      account_code: '4-9200',
    });
    expect(page.body.data.find((m) => m.source === 'fee_type')).toMatchObject({ receivable_code: '1-1300' });
  });

  it('refuses a wrong mapping with the field named', async () => {
    const kas = await accountByCode('1-1100');
    const revenue = await accountByCode('4-1000');
    const cases: [object, string, string][] = [
      [{ source: 'x', source_key: 1, account_id: kas.id }, 'source', BOOKS_CHART_MESSAGES.sourceInvalid],
      [
        { source: 'deduction', source_key: 3, account_id: kas.id },
        'source_key',
        BOOKS_CHART_MESSAGES.keyInvalid,
      ],
      [
        { source: 'deduction', source_key: 1, account_id: kas.id },
        'account_id',
        BOOKS_CHART_MESSAGES.accountKind,
      ],
      [
        { source: 'payment_type', source_key: 9, account_id: kas.id },
        'source_key',
        BOOKS_CHART_MESSAGES.keyInvalid,
      ],
      [
        { source: 'fee_type', source_key: 1, account_id: revenue.id },
        'receivable_account_id',
        BOOKS_CHART_MESSAGES.receivableRequired,
      ],
      [
        { source: 'fee_type', source_key: 1, account_id: revenue.id, receivable_account_id: revenue.id },
        'receivable_account_id',
        BOOKS_CHART_MESSAGES.receivableKind,
      ],
      [
        { source: 'payment_type', source_key: 1, account_id: 999_999 },
        'account_id',
        BOOKS_CHART_MESSAGES.notFound,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await map(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors?.[field]).toEqual([message]);
    }
  });

  it('applies a changed mapping to entries posted after it; what was booked stays; audited', async () => {
    const db = s.ctx.database.db;
    const [feeType] = await db
      .select()
      .from(fee_types)
      .where(and(eq(fee_types.branch_id, 1)))
      .orderBy(asc(fee_types.id))
      .limit(1);
    if (!feeType) throw new Error('no fee type');
    const before = (await mappings()).body.data.find(
      (m) => m.source === 'fee_type' && m.source_key === feeType.id,
    );
    const booked = await newBill({ items: [{ price: 200_000 }] });

    const revenueCode = uniqueCode();
    const receivableCode = uniqueCode();
    await addAccount({ code: revenueCode, name: 'Pendapatan Uji Pemetaan', kind: 'revenue' });
    await addAccount({ code: receivableCode, name: 'Piutang Uji Pemetaan', kind: 'asset' });
    const revenue = await accountByCode(revenueCode);
    const receivable = await accountByCode(receivableCode);
    const mapped = await map({
      source: 'fee_type',
      source_key: feeType.id,
      account_id: revenue.id,
      receivable_account_id: receivable.id,
    });
    expect(mapped.status).toBe(200);
    expect(await lastAudit('books.mapping_update')).toMatchObject({
      entity_id: feeType.id,
      before: { account_id: before?.account_id, receivable_account_id: before?.receivable_account_id },
    });

    const after = await newBill({ items: [{ price: 300_000 }] });
    const accountsOf = async (billId: number) =>
      (
        (await db.execute(
          sql`select l.account_id from books_lines l where l.bill_id = ${billId} order by l.id`,
        )) as unknown as { rows: { account_id: number }[] }
      ).rows.map((r) => r.account_id);
    expect(await accountsOf(after.id)).toEqual(expect.arrayContaining([revenue.id, receivable.id]));
    expect(await accountsOf(booked.id)).not.toContain(revenue.id);
    expect((await entriesOfBill(s.ctx, booked.id)).length).toBe(1);
    // The new receivable is mapped: it cannot be deactivated.
    expect((await setActive(receivable.id, false)).status).toBe(409);
    await expectBooksTrue(s.ctx);

    // Map back (the demo's mapping), and the books still tie out.
    expect(
      (
        await map({
          source: 'fee_type',
          source_key: feeType.id,
          account_id: before?.account_id,
          receivable_account_id: before?.receivable_account_id,
        })
      ).status,
    ).toBe(200);
    await expectBooksTrue(s.ctx);
    // The tie-out still counts the receivable the fee type no longer maps to.
    const tie = await call<{ difference: number; lines: unknown[] }>('GET', '/api/books/tie-out', s.bandung);
    expect(
      tie.body.lines.filter((l) => [booked.id, after.id].includes((l as { bill_id: number }).bill_id)),
    ).toEqual([]);
  });
});
