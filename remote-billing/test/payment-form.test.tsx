import { AppProviders } from '@keuangan/shared';
import { DEFAULT_TIME_ZONE, dateIn } from '@keuangan/shared/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { PaymentForm, type PaymentSubmission } from '../src/payment/PaymentForm';

// The form proposes the branch's today (no one is signed in here: the default zone), not the machine's: from
// 17:00 UTC they differ.
const TODAY = dateIn(DEFAULT_TIME_ZONE);
const BILL_DATE = dayjs().subtract(20, 'day').format('YYYY-MM-DD');

const ITEMS = [
  { id: 1, name: 'SPP', detail: 'SPP · Wajib', total_billing: 450_000 },
  { id: 2, name: 'Kegiatan Siswa', total_billing: 75_000 },
  { id: 3, name: 'Seragam', total_billing: 0 },
];

type Pay = (submission: PaymentSubmission, key: string) => Promise<{ id: number }>;

function renderForm(
  pay: Pay = vi.fn(async () => ({ id: 77 })),
  overrides: { billDate?: string | null; focusGiven?: number; spreadShortMoney?: boolean } = {},
) {
  const onPaid = vi.fn();
  const onFailed = vi.fn();
  render(
    <AppProviders>
      <PaymentForm
        items={ITEMS}
        totalBilling={525_000}
        billDate={overrides.billDate === undefined ? BILL_DATE : overrides.billDate}
        defaultPayerName="Budi Santoso"
        pay={pay}
        onPaid={onPaid}
        onFailed={onFailed}
        focusGiven={overrides.focusGiven}
        spreadShortMoney={overrides.spreadShortMoney}
      />
    </AppProviders>,
  );
  return { pay, onPaid, onFailed };
}

const amount = (name: string) => screen.getByLabelText(`Bayar ${name}`) as HTMLInputElement;
const given = () => screen.getByLabelText('Jumlah Uang') as HTMLInputElement;
const total = () => screen.getByTestId('payment-total').textContent;
const remaining = () => screen.getByTestId('payment-remaining').textContent;

function type(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** Bayar, then Ya in the confirmation. */
async function payAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
  const dialog = await screen.findByRole('dialog');
  within(dialog).getByText('Apakah Anda yakin untuk membayar billing ini ?');
  // By its text: jsdom never ends the fade-out of a previous attempt's spinner, which stays in the name.
  fireEvent.click(within(dialog).getByText('Ya').closest('button') as HTMLButtonElement);
}

describe('payment form', () => {
  it('offers the items with something due, each defaulting to what is due; the amount given starts at the total', () => {
    renderForm();
    expect(amount('SPP').value).toBe('450.000');
    expect(amount('Kegiatan Siswa').value).toBe('75.000');
    expect(screen.queryByLabelText('Bayar Seragam')).toBeNull();
    expect(total()).toBe('Rp 525.000');
    expect(remaining()).toBe('Rp 0');
    expect(given().value).toBe('525.000');
    expect((screen.getByLabelText('Nama Pembayar') as HTMLInputElement).value).toBe('Budi Santoso');
  });

  it('caps an amount at what is due on blur; negative and non-numeric become 0; fractions are dropped', () => {
    renderForm();
    type(amount('SPP'), '900000');
    expect(amount('SPP').value).toBe('450.000');
    type(amount('SPP'), '-5000');
    expect(amount('SPP').value).toBe('0');
    type(amount('SPP'), 'seratus');
    expect(amount('SPP').value).toBe('0');
    type(amount('SPP'), '150000,75');
    expect(amount('SPP').value).toBe('150.000');
    expect(total()).toBe('Rp 225.000');
    // Sisa Tagihan Jika Sudah Dibayar: the bill's due minus Total Bayar.
    expect(remaining()).toBe('Rp 300.000');
    // The amount given follows the total until the cashier types one.
    expect(given().value).toBe('225.000');
  });

  it('refuses an amount given below the total with the spec message, and sends nothing', async () => {
    const { pay } = renderForm();
    type(given(), '500000');
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    await screen.findByText('Mohon masukkan nilai uang yang lebih besar atau sama dengan Total Bayar.');
    expect(screen.queryByRole('dialog')).toBeNull();
    type(given(), '');
    expect(given().value).toBe('0');
    expect(pay).not.toHaveBeenCalled();
  });

  it('refuses a payment of nothing', async () => {
    const { pay } = renderForm();
    type(amount('SPP'), '0');
    type(amount('Kegiatan Siswa'), '0');
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    await screen.findByText('Total Bayar harus lebih dari 0');
    expect(pay).not.toHaveBeenCalled();
  });

  it('shows Keterangan only when the payment type is not Cash', async () => {
    renderForm();
    expect(screen.queryByLabelText('Keterangan')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Tipe Pembayaran'));
    const transfer = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (el) => el.getAttribute('title') === 'Transfer',
      );
      if (!found) throw new Error('no Transfer option');
      return found;
    });
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((el) =>
      el.getAttribute('title'),
    );
    expect(options).toEqual([
      'Cash',
      'ATM/Debit',
      'Pengurangan Hutang',
      'Transfer',
      'Cek/Giro',
      'Credit Card',
    ]);
    fireEvent.click(transfer);
    await screen.findByLabelText('Keterangan');
  });

  it('pays after confirmation: the lines, the amount given, today, the payer; then Pembayaran Berhasil', async () => {
    const { pay, onPaid } = renderForm();
    type(amount('SPP'), '200000');
    type(given(), '300000');
    expect(screen.getByTestId('payment-change').textContent).toBe('Rp 25.000');
    await payAndConfirm();
    await screen.findByText('Pembayaran Berhasil');
    expect(pay).toHaveBeenCalledTimes(1);
    const [submission, key] = (pay as ReturnType<typeof vi.fn>).mock.calls[0] as [PaymentSubmission, string];
    expect(submission).toEqual({
      lines: [
        { id: 1, payment_amount: 200_000 },
        { id: 2, payment_amount: 75_000 },
      ],
      total_amount_payment_paid: 300_000,
      ptype: 1,
      note: null,
      payer_name: 'Budi Santoso',
      payment_date: TODAY,
    });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ id: 77 }));
  });

  it('settles the typed amount when Enter submits from the amount input', async () => {
    const { pay } = renderForm();
    const input = amount('Kegiatan Siswa');
    fireEvent.change(input, { target: { value: '99999999' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Total Bayar Rp 525\.000/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    await waitFor(() => expect(pay).toHaveBeenCalled());
    const [submission] = (pay as ReturnType<typeof vi.fn>).mock.calls[0] as [PaymentSubmission];
    expect(submission.lines).toContainEqual({ id: 2, payment_amount: 75_000 });
  });

  it('retries the same submission with the same Idempotency-Key; a changed one gets a new key', async () => {
    const keys: string[] = [];
    const pay = vi.fn(async (_submission: PaymentSubmission, key: string) => {
      keys.push(key);
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' });
    });
    const { onFailed } = renderForm(pay);
    await payAndConfirm();
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    // Nothing typed is lost; the same submission again.
    expect(amount('SPP').value).toBe('450.000');
    await payAndConfirm();
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2));
    expect(keys[1]).toBe(keys[0]);
    // Another amount is another payment.
    type(amount('SPP'), '100000');
    await payAndConfirm();
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asked to (the counter path), focuses Jumlah Uang with the amount due selected, so Enter accepts it', async () => {
    renderForm(undefined, { focusGiven: 1 });
    await waitFor(() => expect(document.activeElement).toBe(given()));
    expect(given().value).toBe('525.000');
    expect([given().selectionStart, given().selectionEnd]).toEqual([0, '525.000'.length]);
  });

  it('does not move the focus unless asked', () => {
    renderForm();
    expect(document.activeElement).not.toBe(given());
  });

  it('F2 gives the exact amount, F4 and F8 Rp 50.000 and Rp 100.000, as their buttons do; with a modifier nothing', async () => {
    const { pay } = renderForm();
    type(amount('SPP'), '10000');
    // Total Bayar is now 85.000: the amount given followed it.
    expect(given().value).toBe('85.000');
    fireEvent.keyDown(given(), { key: 'F8' });
    expect(given().value).toBe('100.000');
    expect(screen.getByTestId('payment-change').textContent).toBe('Rp 15.000');
    fireEvent.keyDown(amount('SPP'), { key: 'F2' });
    expect(given().value).toBe('85.000');
    fireEvent.keyDown(given(), { key: 'F8', ctrlKey: true });
    expect(given().value).toBe('85.000');
    fireEvent.click(screen.getByRole('button', { name: 'Rp 100.000 F8' }));
    expect(given().value).toBe('100.000');
    // Below the total, a quick amount is refused like a typed one.
    fireEvent.keyDown(given(), { key: 'F4' });
    expect(given().value).toBe('50.000');
    fireEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    expect(await screen.findByText(/Mohon masukkan nilai uang yang lebih besar/)).toBeTruthy();
    // Uang Pas clears the refusal at once; the payment sends the exact amount.
    fireEvent.click(screen.getByRole('button', { name: 'Uang Pas F2' }));
    await waitFor(() => expect(screen.queryByText(/Mohon masukkan nilai uang yang lebih besar/)).toBeNull());
    await payAndConfirm();
    await waitFor(() => expect(pay).toHaveBeenCalled());
    const [submission] = (pay as ReturnType<typeof vi.fn>).mock.calls[0] as [PaymentSubmission];
    expect(submission.total_amount_payment_paid).toBe(85_000);
    // The buttons say their keys to assistive technology.
    expect(screen.getByRole('button', { name: 'Uang Pas F2' }).getAttribute('aria-keyshortcuts')).toBe('F2');
  });

  it('several bills: Jumlah Uang below the total, submitted with Enter, spreads oldest first as leaving it does', async () => {
    const { pay } = renderForm(undefined, { spreadShortMoney: true });
    fireEvent.change(given(), { target: { value: '500000' } });
    fireEvent.submit(given().closest('form') as HTMLFormElement);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Total Bayar Rp 500\.000/);
    fireEvent.click(within(dialog).getByText('Ya').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(pay).toHaveBeenCalled());
    const [submission] = (pay as ReturnType<typeof vi.fn>).mock.calls[0] as [PaymentSubmission];
    expect(submission.lines).toEqual([
      { id: 1, payment_amount: 450_000 },
      { id: 2, payment_amount: 50_000 },
    ]);
  });

  it('without a bill date (a kind of bill paid today) there is no Tanggal Bayar', () => {
    renderForm(undefined, { billDate: null });
    expect(screen.queryByLabelText('Tanggal Bayar')).toBeNull();
  });

  it('a bill dated in the future cannot be paid yet, and says from when', () => {
    renderForm(undefined, { billDate: dayjs().add(5, 'day').format('YYYY-MM-DD') });
    screen.getByText(/pembayaran dapat dicatat mulai tanggal tersebut/);
    expect(screen.queryByRole('button', { name: 'Bayar' })).toBeNull();
  });
});
