/**
 * The printed documents' writes: payer name and city saved in place (and shown on every reprint), and the
 * print counter (the first print is the original, later ones SALINAN), for student and prospect payments;
 * validation, branch scope, roles, voided payments, and concurrent first prints.
 */
import type {
  PaymentPayerResponse,
  PaymentPrintResponse,
  ProspectiveBillingPaymentReceipt,
  StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { and, asc, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prospective_billing_payments, student_billing_payments } from '../src/db/schema';
import { apiSuite } from './billing-fixtures';

const s = apiSuite();
const { call } = s;

const usedStudent: number[] = [0];
/** A Bandung student payment of the demo data, standing or voided, never the same one twice. */
async function studentPayment(voided = false) {
  const [row] = await s.ctx.database.db
    .select({
      id: student_billing_payments.id,
      student_billing_id: student_billing_payments.student_billing_id,
    })
    .from(student_billing_payments)
    .where(
      and(
        eq(student_billing_payments.branch_id, 1),
        voided ? isNotNull(student_billing_payments.voided_at) : isNull(student_billing_payments.voided_at),
        notInArray(student_billing_payments.id, usedStudent),
      ),
    )
    .orderBy(asc(student_billing_payments.id))
    .limit(1);
  if (!row) throw new Error('the demo data has no such payment');
  // Standing payments are used once; the few voided ones may serve more than one test.
  if (!voided) usedStudent.push(row.id);
  return row;
}

const receiptOf = async (id: number) =>
  (await call<StudentBillingPaymentReceipt>('GET', `/api/ref-student-billing-payment/${id}`, s.bandung)).body;

describe('payer name and city on a student receipt', () => {
  it('are saved, printed on every reprint, and an emptied value goes back to the default', async () => {
    const payment = await studentPayment();
    const before = await receiptOf(payment.id);
    expect(before.branch.city).toBe('Bandung');

    const saved = await call<PaymentPayerResponse>(
      'POST',
      `/api/student-billing-payment-xupdate/${payment.id}`,
      s.bandung,
      { payer_name: '  Ibu Sari Wulandari ', payer_city: 'Cimahi' },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Data berhasil diubah.',
      payer_name: 'Ibu Sari Wulandari',
      payer_city: 'Cimahi',
    });
    expect(await receiptOf(payment.id)).toMatchObject({
      payer_name: 'Ibu Sari Wulandari',
      payer_city: 'Cimahi',
    });

    // Only the city: the name stays.
    await call('POST', `/api/student-billing-payment-xupdate/${payment.id}`, s.bandung, {
      payer_city: 'Bogor',
    });
    expect(await receiptOf(payment.id)).toMatchObject({
      payer_name: 'Ibu Sari Wulandari',
      payer_city: 'Bogor',
    });

    // Emptied: the student's name and the branch's city again.
    const reset = await call<PaymentPayerResponse>(
      'POST',
      `/api/student-billing-payment-xupdate/${payment.id}`,
      s.bandung,
      { payer_name: '', payer_city: '' },
    );
    expect(reset.body).toMatchObject({ payer_name: before.student.name, payer_city: 'Bandung' });
    expect(await receiptOf(payment.id)).toMatchObject({ payer_name: null, payer_city: null });
  });

  it('refuses bad input with a readable 422 and changes nothing', async () => {
    const payment = await studentPayment();
    const url = `/api/student-billing-payment-xupdate/${payment.id}`;
    const before = await receiptOf(payment.id);
    const tooLong = await call('POST', url, s.bandung, { payer_name: 'x'.repeat(151) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toContain('Nama Pembayar maksimal 150 karakter');
    const city = await call('POST', url, s.bandung, { payer_city: 'y'.repeat(101) });
    expect(city.body.message).toContain('Kota maksimal 100 karakter');
    const empty = await call('POST', url, s.bandung, {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toContain('Isi nama pembayar atau kota');
    const wrongType = await call('POST', url, s.bandung, { payer_name: 12 });
    expect(wrongType.status).toBe(422);
    expect(await receiptOf(payment.id)).toMatchObject({
      payer_name: before.payer_name,
      payer_city: before.payer_city,
    });
  });

  it('another branch, a user who is not a finance editor, a voided payment and an unknown id are refused', async () => {
    const payment = await studentPayment();
    const url = `/api/student-billing-payment-xupdate/${payment.id}`;
    expect((await call('POST', url, s.jakarta, { payer_name: 'X' })).status).toBe(404);
    expect((await call('POST', url, s.guru, { payer_name: 'X' })).status).toBe(403);
    expect((await call('POST', url, undefined, { payer_name: 'X' })).status).toBe(401);
    expect(
      (await call('POST', '/api/student-billing-payment-xupdate/999999999', s.bandung, { payer_name: 'X' }))
        .status,
    ).toBe(404);
    const voided = await studentPayment(true);
    const refused = await call('POST', `/api/student-billing-payment-xupdate/${voided.id}`, s.bandung, {
      payer_name: 'X',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('sudah dibatalkan');
  });
});

describe('prints: the first is the original, every later one a SALINAN', () => {
  it('counts prints of one payment, and the receipt data says how many', async () => {
    const payment = await studentPayment();
    const url = `/api/student-billing-payment-print/${payment.id}`;
    const first = await call<PaymentPrintResponse>('POST', url, s.bandung);
    expect(first.body).toEqual({ print_count: 1, copy: false });
    const second = await call<PaymentPrintResponse>('POST', url, s.bandung);
    expect(second.body).toEqual({ print_count: 2, copy: true });
    const receipt = await receiptOf(payment.id);
    expect(receipt.print_count).toBe(2);
    expect(receipt.first_printed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call('POST', url, s.jakarta)).status).toBe(404);
    expect((await call('POST', url, s.guru)).status).toBe(403);
  });

  it('of prints at the same moment exactly one is the original', async () => {
    const payment = await studentPayment();
    const url = `/api/student-billing-payment-print/${payment.id}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call<PaymentPrintResponse>('POST', url, s.bandung)),
    );
    expect(answers.filter((a) => a.body.copy === false)).toHaveLength(1);
    expect(answers.map((a) => a.body.print_count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a voided payment prints too (marked void on paper), and counts', async () => {
    const voided = await studentPayment(true);
    const answer = await call<PaymentPrintResponse>(
      'POST',
      `/api/student-billing-payment-print/${voided.id}`,
      s.bandung,
    );
    expect(answer.status).toBe(200);
    expect((await receiptOf(voided.id)).is_void).toBe(true);
  });
});

describe('prospect receipts', () => {
  it('save the payer and count prints the same way', async () => {
    const [payment] = await s.ctx.database.db
      .select({ id: prospective_billing_payments.id })
      .from(prospective_billing_payments)
      .where(
        and(eq(prospective_billing_payments.branch_id, 1), isNull(prospective_billing_payments.voided_at)),
      )
      .orderBy(asc(prospective_billing_payments.id))
      .limit(1);
    if (!payment) throw new Error('the demo data has no prospect payment');
    const saved = await call<PaymentPayerResponse>(
      'POST',
      `/api/prospective-billing-payment-xupdate/${payment.id}`,
      s.bandung,
      { payer_name: 'Bapak Hendra', payer_city: 'Lembang' },
    );
    expect(saved.body).toMatchObject({ payer_name: 'Bapak Hendra', payer_city: 'Lembang' });
    const receipt = (
      await call<ProspectiveBillingPaymentReceipt>(
        'GET',
        `/api/ref-prospective-billing-payment/${payment.id}`,
        s.bandung,
      )
    ).body;
    expect(receipt).toMatchObject({
      payer_name: 'Bapak Hendra',
      payer_city: 'Lembang',
      branch: { city: 'Bandung' },
    });
    const url = `/api/prospective-billing-payment-print/${payment.id}`;
    expect((await call<PaymentPrintResponse>('POST', url, s.bandung)).body.copy).toBe(false);
    expect((await call<PaymentPrintResponse>('POST', url, s.bandung)).body.copy).toBe(true);
    expect((await call('POST', url, s.jakarta)).status).toBe(404);
  });
});
