/**
 * Tutup Kas's cash count and Setoran Bank: the counted total is the server's sum of the counts, a difference is
 * closed only with its explanation, bad counts are refused, the deposit is recorded once and printed, the closing
 * PDF lists payments, voids, denominations and the deposit, and a closing cannot be changed or deleted.
 * The admin takes the payments: the demo data has none of theirs, so the day holds exactly these.
 */
import {
  type CashClosing,
  type CashDayRecap,
  IDEMPOTENCY_KEY_HEADER,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cash_closings, cash_deposits } from '../src/db/schema';
import { apiSuite, payInFull } from './billing-fixtures';
import { login } from './helpers';

const s = apiSuite();
const { call, newBill } = s;
let admin: { token: string; id: number };

beforeAll(async () => {
  const session = await login(s.ctx.app, 'admin');
  admin = { token: session.token, id: session.user.id };
});

async function payBill(ptype: number) {
  const bill = await newBill();
  const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, admin.token))
    .body;
  const paid = await call<StudentBillingPaymentReceipt>(
    'POST',
    `/api/student-billing-pay/${detail.id}`,
    admin.token,
    payInFull(detail, {
      ptype,
      note: ptype === 1 ? null : 'kas',
      total_amount_payment_paid: detail.total_billing,
    }),
    { [IDEMPOTENCY_KEY_HEADER]: `count-${detail.id}-${ptype}` },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { bill: detail, payment: paid.body };
}

const close = (payload: object) =>
  call<CashClosing>('POST', '/api/cash-closing', admin.token, {
    date: s.today,
    cashier_id: admin.id,
    ...payload,
  });
const day = async () =>
  (await call<CashDayRecap>('GET', `/api/cash-closing?date=${s.today}&cashier_id=${admin.id}`, admin.token))
    .body;
const pdfText = async (url: string) => {
  const res = await call('GET', url, admin.token);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { extractText } = await import('unpdf');
  return (await extractText(new Uint8Array(res.raw), { mergePages: true })).text;
};

/** 4×100.000 + 50.000 + 2×20.000 + 4×500 + 5×200 + 10×100 = Rp 494.000. */
const COUNTS = { note_100000: 4, note_50000: 1, note_20000: 2, coin_500: 4, coin_200: 5, coin_100: 10 };
const COUNTED = 494_000;
const WIB = (iso: string) =>
  new Date(iso).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta' });

describe('Tutup Kas: the cash count', () => {
  let cash: Awaited<ReturnType<typeof payBill>>;
  let voided: Awaited<ReturnType<typeof payBill>>;
  let closing: CashClosing;

  it('refuses bad counts with a readable 422 and closes nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [undefined, /wajib diisi/],
      [null, /pecahan yang dikenal/],
      [{ note_100000: -1 }, /lembar Rp 100\.000 tidak boleh negatif/],
      [{ note_50000: 1.5 }, /lembar Rp 50\.000 harus bilangan bulat/],
      [{ coin_500: '3' }, /keping Rp 500 harus berupa angka/],
      [{ note_100000: 100_001 }, /terlalu banyak/],
      [{ note_75000: 1 }, /pecahan yang dikenal/],
    ];
    for (const [counts, message] of bad) {
      const res = await close({ counts });
      expect(res.status, JSON.stringify(counts)).toBe(422);
      expect(res.body).toMatchObject({ message: expect.stringMatching(message) });
    }
    expect((await day()).closings).toEqual([]);
  });

  it('a difference without its explanation is refused (422); with it, the server sums the counts and records it', async () => {
    cash = await payBill(1);
    voided = await payBill(1);
    await payBill(4);
    const unconfirm = await call('POST', `/api/student-billing-xupdate/${voided.bill.id}`, admin.token, {
      field: 'form_status',
      value: 0,
      void_reason: 'Salah siswa',
    });
    expect(unconfirm.status, JSON.stringify(unconfirm.body)).toBe(200);
    // A counted total sent along is not the server's: it is ignored.
    for (const note of [undefined, '   ']) {
      const res = await close({ counts: COUNTS, counted_cash: cash.payment.amount, difference_note: note });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        message: expect.stringMatching(/Keterangan selisih wajib diisi/),
        errors: { difference_note: [expect.any(String)] },
      });
    }
    expect((await day()).closings).toEqual([]);

    const res = await close({ counts: COUNTS, difference_note: 'Kembalian kurang' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    closing = res.body;
    // Expected: the standing Cash payments only (not the voided one, not the transfer).
    expect(closing.cash_count).toEqual({
      counts: {
        ...Object.fromEntries(Object.keys(closing.cash_count?.counts ?? {}).map((k) => [k, 0])),
        ...COUNTS,
      },
      expected: cash.payment.amount,
      counted: COUNTED,
      difference: COUNTED - cash.payment.amount,
      note: 'Kembalian kurang',
    });
    expect(closing.figures.voids).toEqual([
      expect.objectContaining({
        id: voided.payment.id,
        void_reason: 'Salah siswa',
        amount: voided.payment.amount,
      }),
    ]);
    expect(closing.deposit).toBeNull();
  });

  it('Setoran Bank: the cashier or a manager, at most the counted cash, from the day to today, once', async () => {
    const deposit = {
      amount: COUNTED,
      bank_account: 'BCA 123-456-7890',
      reference: 'STR-0001',
      deposit_date: s.today,
    };
    const url = `/api/cash-closing/${closing.id}/deposit`;
    expect((await call('POST', url, s.bandung, deposit)).status).toBe(403);
    const refused: [object, RegExp][] = [
      [{ amount: COUNTED + 1 }, /melebihi/],
      [{ amount: 0 }, /lebih dari 0/],
      [{ amount: 10.5 }, /rupiah penuh/],
      [{ deposit_date: '2000-01-01' }, /sebelum tanggal kas/],
      [{ deposit_date: '2999-01-01' }, /setelah hari ini/],
      [{ bank_account: ' ' }, /Rekening bank wajib diisi/],
    ];
    for (const [change, message] of refused) {
      const res = await call('POST', url, admin.token, { ...deposit, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body).toMatchObject({ message: expect.stringMatching(message) });
    }
    expect((await day()).closings[0]?.deposit).toBeNull();
    const res = await call<CashClosing>('POST', url, admin.token, deposit);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.deposit).toMatchObject({ ...deposit, deposited_by: expect.any(String) });
    expect((await call('POST', url, admin.token, deposit)).status).toBe(409);

    const slip = await pdfText(`/api/cash-closing/${closing.id}/deposit/pdf`);
    for (const text of ['Setoran Bank', closing.closing_number, 'BCA 123-456-7890', 'STR-0001', 'Rp 494.000'])
      expect(slip).toContain(text);
  });

  it('the closing PDF lists each payment with its time, the voids, the denominations, the difference and the deposit', async () => {
    const text = await pdfText(`/api/cash-closing/${closing.id}/pdf`);
    const [paid] = (await day()).payments.filter((p) => p.id === cash.payment.id);
    if (!paid) throw new Error('the cash payment is not in the day');
    for (const expected of [
      paid.payment_number,
      paid.name,
      WIB(paid.created_at),
      voided.payment.payment_number,
      'Salah siswa',
      'Uang kertas Rp 100.000',
      'Uang logam Rp 100',
      '10 keping',
      'Rp 494.000',
      `-Rp ${(cash.payment.amount - COUNTED).toLocaleString('id-ID')}`,
      'Kembalian kurang',
      'STR-0001',
      'Kepala Keuangan',
    ])
      expect(text).toContain(expected);
  });

  it('a closing is never changed or deleted, its deposit neither; reopening keeps both', async () => {
    const { db } = s.ctx.database;
    // Refused by the database itself (migration 0026's triggers), whoever asks.
    const kept = { cause: { message: expect.stringMatching(/kept as closed/) } };
    const fixed = { cause: { message: expect.stringMatching(/cannot be changed or deleted/) } };
    const thisClosing = eq(cash_closings.id, closing.id);
    const itsDeposit = eq(cash_deposits.closing_id, closing.id);
    await expect(
      db.update(cash_closings).set({ difference_note: 'diubah' }).where(thisClosing),
    ).rejects.toMatchObject(kept);
    await expect(db.delete(cash_closings).where(thisClosing)).rejects.toMatchObject(kept);
    await expect(db.update(cash_deposits).set({ amount: 1 }).where(itsDeposit)).rejects.toMatchObject(fixed);
    await expect(db.delete(cash_deposits).where(itsDeposit)).rejects.toMatchObject(fixed);

    const reopened = await call<CashClosing>('POST', `/api/cash-closing/${closing.id}/reopen`, admin.token, {
      reason: 'Hitung ulang',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ cash_count: closing.cash_count, deposit: expect.any(Object) });
    // Reopened once, kept as it is: not reopened again, not changed after.
    await expect(
      db.update(cash_closings).set({ reopen_reason: 'lagi' }).where(thisClosing),
    ).rejects.toMatchObject(kept);
  });
});
