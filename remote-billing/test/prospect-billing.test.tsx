import {
  hostApi,
  type ProspectiveBillingDetail,
  type ProspectiveBillingItem,
  type ProspectiveBillingPayment,
} from '@keuangan/shared';
import { type FakeRoutes, installFakeApi, type RecordedRequest, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { PROSPECT_BILL, prospectPayBody, STUDENT_BILL, studentPayBody } from '../src/payment/billKinds';
import type { PaymentSubmission } from '../src/payment/PaymentForm';
import BillingRoutes from '../src/routes';
import { makeBill, makeItem, makePayment, paged } from './fixtures';

const BILL_DATE = dayjs().subtract(10, 'day').format('YYYY-MM-DD');
const YEAR = new Date().getFullYear();

function item(id: number, name: string, due: number, paid = 0): ProspectiveBillingItem {
  return {
    id,
    prospective_billing_id: 900,
    psb_event_prospective_fee_id: id,
    psb_event_prospective_fee: { id, psb_event_fee: { id, code: `F${id}`, name } },
    ftype: 1,
    price: due + paid,
    qty: 1,
    total_amount: due + paid,
    total_discount: 0,
    total_bail: 0,
    total_payment: paid,
    total_billing: due,
    payment_status: due === 0 ? 1 : 0,
  };
}

function prospectBill(
  items: ProspectiveBillingItem[],
  payments: ProspectiveBillingPayment[] = [],
  stype: 1 | 2 = 1,
) {
  const sum = (key: 'total_amount' | 'total_payment' | 'total_billing') =>
    items.reduce((s, i) => s + i[key], 0);
  const bill: ProspectiveBillingDetail = {
    id: 900,
    bill_number: 'PB-0900',
    bill_date: BILL_DATE,
    psb_event_id: 3,
    psb_event_stype_id: stype,
    department_id: 1,
    psb_event_prospective_id: 40,
    psb_event_stype: { id: stype, name: stype === 1 ? 'PSB' : 'Mutasi' },
    department: { id: 1, name: 'SD' },
    psb_event_prospective: { id: 40, name: 'Dewi Anggraini', reg_number: 'REG-040', yoe: YEAR },
    psb_event: { id: 3, code: 'PSB-SD', name: 'PSB SD' },
    total_amount: sum('total_amount'),
    total_discount: 0,
    total_bail: 0,
    total_payment: sum('total_payment'),
    total_billing: sum('total_billing'),
    payment_status: sum('total_billing') === 0 ? 1 : 0,
    prospective_billing_items: items,
    prospective_billing_payments: payments,
  };
  return bill;
}

const unpaid = (stype: 1 | 2 = 1) =>
  prospectBill([item(1, 'Uang Pangkal', 2_000_000), item(2, 'Seragam', 500_000)], [], stype);
const UNPAID = unpaid();

function installApi(extra: FakeRoutes = {}, bill = UNPAID): RecordedRequest[] {
  return installFakeApi({
    'GET /api/department': { body: paged([{ id: 1, name: 'SD', sequence: 1 }]) },
    'GET /api/psb-event': { body: paged([{ id: 3, code: 'PSB-SD', name: 'PSB SD', yoe: YEAR }]) },
    'GET /api/prospective-billing': { body: paged([bill], 5) },
    'GET /api/prospective-billing/900': { body: bill },
    ...extra,
  });
}

/** Billing Peserta PSB and Billing Peserta Mutasi: the same screens for the two event types. */
const AREAS = [
  { title: 'Billing Peserta PSB', path: '/prospective-billing', stype: 1 },
  { title: 'Billing Peserta Mutasi', path: '/mutation-billing', stype: 2 },
] as const;

function renderBilling(path: string) {
  return renderRoutes(
    [
      { path: 'prospective-billing/*', element: <BillingRoutes area="prospective-billing" /> },
      { path: 'mutation-billing/*', element: <BillingRoutes area="mutation-billing" /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;
}

const lastRequest = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).at(-1);

afterEach(() => sessionStorage.clear());

describe('bill kinds', () => {
  const submission: PaymentSubmission = {
    lines: [{ id: 1, payment_amount: 100 }],
    total_amount_payment_paid: 200,
    ptype: 2,
    note: 'Transfer BCA',
    payer_name: null,
    payment_date: '2026-11-20',
  };

  it('puts the lines under each kind its own field, the rest of the body alike', () => {
    const { student_billing_items, ...studentRest } = studentPayBody(submission);
    const { prospective_billing_items, ...prospectRest } = prospectPayBody(submission);
    expect(student_billing_items).toEqual(submission.lines);
    expect(prospective_billing_items).toEqual(submission.lines);
    expect(prospectRest).toEqual(studentRest);
    expect(prospectRest).toEqual({
      total_amount_payment_paid: 200,
      ptype: 2,
      note: 'Transfer BCA',
      payer_name: null,
      payment_date: '2026-11-20',
    });
  });

  it('gives each kind its pay call, payer, items and document after payment', async () => {
    const requests = installFakeApi({
      'POST /api/prospective-billing-pay/900': { status: 200, body: { id: 7 } },
      'POST /api/student-billing-pay/500': { status: 200, body: { id: 88 } },
    });
    expect(await PROSPECT_BILL.pay(hostApi, 900, submission, 'k-900')).toEqual({ id: 7 });
    expect(await STUDENT_BILL.pay(hostApi, 500, submission, 'k-500')).toEqual({ id: 88 });
    expect(requests.map((r) => [r.url, r.body, r.headers['Idempotency-Key']])).toEqual([
      ['/api/prospective-billing-pay/900', prospectPayBody(submission), 'k-900'],
      ['/api/student-billing-pay/500', studentPayBody(submission), 'k-500'],
    ]);
    expect(PROSPECT_BILL.payerName(UNPAID)).toBe('Dewi Anggraini');
    expect(PROSPECT_BILL.items(UNPAID)).toEqual([
      { id: 1, name: 'Uang Pangkal', detail: 'F1 · Wajib', total_billing: 2_000_000 },
      { id: 2, name: 'Seragam', detail: 'F2 · Wajib', total_billing: 500_000 },
    ]);
    expect(PROSPECT_BILL.afterPaymentPath(UNPAID, { id: 7 } as never)).toBe(
      '/prospective-billing/show/900/receipt-show?prospectiveBillingPaymentId=7',
    );
    const student = makeBill([makeItem(1, 'SPP', 450_000)]);
    expect(STUDENT_BILL.payerName(student)).toBe(student.student.name);
    expect(STUDENT_BILL.afterPaymentPath(student, { id: 88 } as never)).toBe(
      `/student-billing/show/${student.id}/bill-show?studentBillingPaymentId=88&type=1`,
    );
  });
});

describe.each(AREAS)('$title list', ({ title, path, stype }) => {
  it('filters by department, entry year, event and payment status, and links each bill to its detail', async () => {
    const requests = installApi({}, unpaid(stype));
    renderBilling(path);
    await screen.findByText('PB-0900');
    // Entry year starts at this year, event and status at Semua: only the year and the event type are sent.
    expect(lastRequest(requests, 'GET', '/api/prospective-billing')?.params).toMatchObject({
      stype,
      yoe: YEAR,
      page: 1,
      limit: 5,
    });
    expect(lastRequest(requests, 'GET', '/api/prospective-billing')?.params).not.toHaveProperty(
      'payment_status',
    );
    // The filter's events are those of the screen's event type.
    expect(lastRequest(requests, 'GET', '/api/psb-event')?.params).toMatchObject({ stype });
    const table = screen.getByRole('table', { name: `Daftar ${title}` });
    within(table).getByText('Dewi Anggraini');
    within(table).getByText('PSB-SD');
    // Total Biaya and Sisa Tagihan (nothing paid yet).
    expect(within(table).getAllByText('2.500.000', { selector: 'td' })).toHaveLength(2);
    expect(
      within(table).getByRole('link', { name: 'Detail PB-0900 Dewi Anggraini' }).getAttribute('href'),
    ).toBe(`${path}/show/900`);

    // Status Pembayaran: Belum Lunas is sent as 0.
    fireEvent.mouseDown(screen.getByLabelText('Status Pembayaran'));
    fireEvent.click(await screen.findByTitle('Belum Lunas'));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', '/api/prospective-billing')?.params).toMatchObject({
        payment_status: 0,
      }),
    );
    // The search runs on Enter.
    const search = screen.getByLabelText(`Cari ${title}`);
    fireEvent.change(search, { target: { value: 'REG-040' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', '/api/prospective-billing')?.params).toMatchObject({
        q: 'REG-040',
        payment_status: 0,
      }),
    );
  });
});

describe('Billing Peserta PSB detail', () => {
  it.each(AREAS)(
    '$title: pays with the prospect as payer and an Idempotency-Key, then opens Kuitansi Calon Siswa',
    async ({ path, stype }) => {
      const requests = installApi(
        { 'POST /api/prospective-billing-pay/900': { status: 201, body: { id: 61 } } },
        unpaid(stype),
      );
      const router = renderBilling(`${path}/show/900`);
      await screen.findByText('Billing Detail Calon Siswa');
      expect((screen.getByLabelText('Nama Pembayar') as HTMLInputElement).value).toBe('Dewi Anggraini');
      screen.getByText('Belum ada pembayaran.');
      fireEvent.change(screen.getByLabelText('Bayar Seragam'), { target: { value: '0' } });
      fireEvent.blur(screen.getByLabelText('Bayar Seragam'));
      fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
      await screen.findByText('Pembayaran Berhasil');
      const sent = lastRequest(requests, 'POST', '/api/prospective-billing-pay/900');
      expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent?.body).toMatchObject({
        prospective_billing_items: [
          { id: 1, payment_amount: 2_000_000 },
          { id: 2, payment_amount: 0 },
        ],
        total_amount_payment_paid: 2_000_000,
        ptype: 1,
        payer_name: 'Dewi Anggraini',
      });
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
          `${path}/show/900/receipt-show?prospectiveBillingPaymentId=61`,
        ),
      );
    },
  );

  it("a transfer prospect's bill opened under Billing Peserta PSB moves to Billing Peserta Mutasi", async () => {
    installApi({}, unpaid(2));
    const router = renderBilling('/prospective-billing/show/900');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutation-billing/show/900'));
    await screen.findByRole('heading', { name: 'Detail Billing Peserta Mutasi' });
    expect(screen.getByRole('link', { name: 'Billing Peserta Mutasi' }).getAttribute('href')).toBe(
      '/mutation-billing',
    );
  });

  it('a paid bill shows its payments and no form', async () => {
    const paid = prospectBill(
      [item(1, 'Uang Pangkal', 0, 2_000_000)],
      [
        {
          ...makePayment(61, 2_000_000),
          prospective_billing_id: 900,
          psb_event_prospective_id: 40,
          prospective_billing: { id: 900, bill_number: 'PB-0900', bill_date: BILL_DATE },
          prospective_billing_item_payments: [
            {
              id: 1,
              prospective_billing_item_id: 1,
              amount: 2_000_000,
              psb_event_fee: { code: 'F1', name: 'Uang Pangkal' },
              prospective_billing_item: {
                id: 1,
                total_amount: 2_000_000,
                total_billing: 0,
                payment_status: 1,
              },
            },
          ],
        } as ProspectiveBillingPayment,
      ],
    );
    installApi({ 'GET /api/prospective-billing/900': { body: paid } });
    renderBilling('/prospective-billing/show/900');
    const card = await screen.findByRole('article');
    expect(
      within(card)
        .getByRole('link', { name: /^Kuitansi / })
        .getAttribute('href'),
    ).toBe('/prospective-billing/show/900/receipt-show?prospectiveBillingPaymentId=61');
    screen.getByText('Lunas', { exact: true });
    expect(screen.queryByRole('form', { name: 'Form Pembayaran' })).toBeNull();
  });
});
