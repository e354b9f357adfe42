import {
  type ItemInstalments,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  schoolToday,
} from '@keuangan/shared';
import { type FakeRoutes, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { instalmentDate } from '../src/instalments/words';
import { BillPaymentForm } from '../src/payment/BillPaymentForm';
import { STUDENT_BILL } from '../src/payment/billKinds';
import { makeBill, makeItem } from './fixtures';

// The payment form of a student bill with a split item (docs/screens.md#payment-form): the instalments owing
// under the item's line, the fill button, and a form that works on when the instalments cannot be read.

const day = (offset: number) => dayjs(schoolToday()).add(offset, 'day').format('YYYY-MM-DD');

/** Uang Pangkal 3.000.000 in 3 × 1.000.000 with the first paid, and SPP not split. */
function bill(): StudentBillingDetail {
  return makeBill([makeItem(1, 'Uang Pangkal', 3_000_000, 1_000_000), makeItem(2, 'SPP', 450_000)], {
    bill_date: day(-60),
  });
}

/** Instalment 1 paid (50 days ago), 2 owing and 10 days late, 3 due in 20 days. */
function split(): ItemInstalments {
  const row = (seq: number, due: number, paid: number, overdue: number) => ({
    id: 70 + seq,
    seq,
    amount: 1_000_000,
    due_date: day(due),
    paid,
    owing: 1_000_000 - paid,
    overdue_days: overdue,
  });
  return {
    item_id: 1,
    label: 'Uang Pangkal',
    plan_name: 'Uang Pangkal 3x',
    instalments: [row(1, -50, 1_000_000, 0), row(2, -10, 0, 10), row(3, 20, 0, 0)],
  };
}

const PAID = { id: 77, student_billing_id: 500, amount: 450_000 } as StudentBillingPaymentReceipt;

function renderForm(routes: FakeRoutes) {
  const requests = installFakeApi({
    'POST /api/student-billing-pay/500': { status: 201, body: PAID },
    ...routes,
  });
  const reload = vi.fn();
  renderRoutes(
    [
      { path: '/', element: <BillPaymentForm kind={STUDENT_BILL} bill={bill()} reload={reload} /> },
      { path: '*', element: <p>Nota</p> },
    ],
    '/',
  );
  return requests;
}

const amount = (name: string) => screen.getByLabelText(`Bayar ${name}`) as HTMLInputElement;
const total = () => screen.getByTestId('payment-total').textContent;

describe('payment form: instalments', () => {
  it('shows nothing of instalments when no item is split', async () => {
    const requests = renderForm({ 'GET /api/student-billing/500/instalments': { body: { data: [] } } });
    await waitFor(() => expect(screen.queryByText('Memuat cicilan…')).toBeNull());
    expect(requests.some((r) => r.url === '/api/student-billing/500/instalments')).toBe(true);
    expect(screen.queryByText(/Cicilan \d dari/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Isi yang jatuh tempo/ })).toBeNull();
    expect(amount('Uang Pangkal').value).toBe('2.000.000');
  });

  it('lists the owing instalments of a split item, late ones marked, and fills Bayar with what is due by today', async () => {
    renderForm({ 'GET /api/student-billing/500/instalments': { body: { data: [split()] } } });
    const list = await screen.findByRole('list', { name: 'Cicilan Uang Pangkal yang belum dibayar' });
    const lines = within(list).getAllByRole('listitem');
    // The paid first instalment is not listed; the late second one and the next one are.
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toBe(
      `Cicilan 2 dari 3 · Rp 1.000.000 · jatuh tempo ${instalmentDate(day(-10))} Terlambat 10 hari`,
    );
    expect(lines[1]?.textContent).toBe(
      `Cicilan 3 dari 3 · Rp 1.000.000 · jatuh tempo ${instalmentDate(day(20))}`,
    );
    // Only the split item has a line list.
    expect(screen.getAllByRole('list')).toHaveLength(1);

    const fill = screen.getByRole('button', {
      name: 'Isi yang jatuh tempo untuk Uang Pangkal: Rp 1.000.000, cicilan sampai hari ini',
    });
    expect(fill.textContent).toBe('Isi yang jatuh tempo (Rp 1.000.000)');
    fireEvent.click(fill);
    expect(amount('Uang Pangkal').value).toBe('1.000.000');
    expect(total()).toBe('Rp 1.450.000');
    // The amount given follows the total; the cashier may still type another amount.
    expect((screen.getByLabelText('Jumlah Uang') as HTMLInputElement).value).toBe('1.450.000');
    fireEvent.change(amount('Uang Pangkal'), { target: { value: '1.500.000' } });
    fireEvent.blur(amount('Uang Pangkal'));
    expect(total()).toBe('Rp 1.950.000');
  });

  it('says the instalments could not be read, and the payment still goes through', async () => {
    const requests = renderForm({
      'GET /api/student-billing/500/instalments': { status: 500, body: { message: 'Gagal' } },
    });
    await screen.findByText('Cicilan tidak dapat dimuat; jumlah tiap komponen tetap dapat diisi.');
    expect(screen.queryByRole('button', { name: /Isi yang jatuh tempo/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Ya').closest('button') as HTMLButtonElement);
    await screen.findByText('Nota');
    const paid = requests.find((r) => r.method === 'POST' && r.url === '/api/student-billing-pay/500');
    expect(paid?.body).toMatchObject({
      student_billing_items: [
        { id: 1, payment_amount: 2_000_000 },
        { id: 2, payment_amount: 450_000 },
      ],
      total_amount_payment_paid: 2_450_000,
    });
  });
});
