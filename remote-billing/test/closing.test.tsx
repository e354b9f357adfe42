import { type CashClosing, type CashDayRecap, emptyCashCounts, sessionStore } from '@keuangan/shared';
import { installFakeApi, makeUser, type RecordedRequest, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';

const DAY = '2026-11-24';
const SITI = { id: 7, name: 'Siti Rahmawati' };
const payment = (id: number, ptype: number, amount: number) => ({
  kind: 'student' as const,
  id,
  payment_number: `KWT-BDG-2611-0000${id}`,
  created_at: `${DAY}T03:0${id}:00.000Z`,
  payment_date: DAY,
  name: `Siswa ${id}`,
  bill_number: `INV-BDG-2611-0000${id}`,
  ptype,
  amount,
  cashier: SITI,
});
const RECAP: CashDayRecap = {
  date: DAY,
  cashier_id: SITI.id,
  payments: [payment(1, 1, 150_000), payment(2, 4, 350_000)],
  voids: [
    {
      ...payment(3, 1, 75_000),
      voided_at: `${DAY}T05:00:00.000Z`,
      voided_by: 'Admin',
      void_reason: 'Salah siswa',
    },
  ],
  by_ptype: [
    { ptype: 1, count: 1, amount: 150_000 },
    { ptype: 4, count: 1, amount: 350_000 },
  ],
  by_cashier: [{ cashier: SITI, count: 2, amount: 500_000 }],
  total: { count: 2, amount: 500_000 },
  online: { payments: [], by_ptype: [], total: { count: 0, amount: 0 } },
  grand_total: { count: 2, amount: 500_000 },
  closings: [],
  cashiers: [SITI],
};
const CLOSING: CashClosing = {
  id: 5,
  closing_number: 'TKS-BDG-2611-00001',
  closing_date: DAY,
  cashier: SITI,
  figures: { by_ptype: RECAP.by_ptype, total: RECAP.total, payments: [] },
  closed_by: SITI.name,
  closed_at: `${DAY}T10:00:00.000Z`,
  reopened_by: null,
  reopened_at: null,
  reopen_reason: null,
  cash_count: null,
  deposit: null,
};
/** The drawer short by Rp 10.000 of the Rp 150.000 Cash: one Rp 100.000 and two Rp 20.000. */
const COUNTED: CashClosing = {
  ...CLOSING,
  cash_count: {
    counts: { ...emptyCashCounts(), note_100000: 1, note_20000: 2 },
    expected: 150_000,
    counted: 140_000,
    difference: -10_000,
    note: 'Kembalian kurang',
  },
};

function renderPage(roles: string[], user = makeUser(roles)) {
  sessionStore.setState({ user });
  renderRoutes(
    [{ path: 'rekap-kas-harian/*', element: <BillingRoutes area="rekap-kas-harian" /> }],
    '/rekap-kas-harian',
  );
}

const last = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).at(-1);

afterEach(() => {
  sessionStore.setState({ user: null });
  vi.useRealTimers();
});

describe('Rekap Kas Harian', () => {
  it("opens on the signed-in cashier's day: the totals per type, the payments, the voids apart", async () => {
    const requests = installFakeApi({ 'GET /api/cash-closing': { body: RECAP } });
    renderPage(['finance']);
    expect((await screen.findByTestId('cash-day-total')).textContent).toBe('Rp 500.000');
    expect(last(requests, 'GET', '/api/cash-closing')?.params).toMatchObject({ cashier_id: SITI.id });
    screen.getByText('Cash (1)');
    screen.getByText('Transfer (1)');
    const paid = screen.getByRole('table', { name: 'Pembayaran hari ini' });
    within(paid).getByText('KWT-BDG-2611-00001');
    const voided = screen.getByRole('table', { name: 'Pembatalan hari ini' });
    within(voided).getByText('Salah siswa');
  });

  it('shows the online payments apart under Pembayaran Online, out of the cash total', async () => {
    const online = { ...payment(4, 7, 200_000), cashier: { id: 9, name: 'Pembuat Tagihan' } };
    installFakeApi({
      'GET /api/cash-closing': {
        body: {
          ...RECAP,
          online: {
            payments: [online],
            by_ptype: [{ ptype: 7, count: 1, amount: 200_000 }],
            total: { count: 1, amount: 200_000 },
          },
          grand_total: { count: 3, amount: 700_000 },
        },
      },
    });
    renderPage(['finance']);
    expect((await screen.findByTestId('cash-day-total')).textContent).toBe('Rp 500.000');
    expect(screen.getByTestId('cash-day-online-total').textContent).toBe('Rp 200.000');
    expect(screen.getByTestId('cash-day-grand-total').textContent).toBe('Rp 700.000');
    const card = screen.getByTestId('cash-day-online');
    within(card).getByText('Pembayaran Online');
    within(card).getByText('Virtual Account (1)');
    const paidOnline = within(card).getByRole('table', { name: 'Pembayaran online hari ini' });
    within(paidOnline).getByText('KWT-BDG-2611-00004');
    // No cashier is named for money that never passed a drawer.
    expect(within(paidOnline).queryByText('Pembuat Tagihan')).toBeNull();
    const paid = screen.getByRole('table', { name: 'Pembayaran hari ini' });
    expect(within(paid).queryByText('KWT-BDG-2611-00004')).toBeNull();
  });

  it('Tutup Kas counts the drawer: the difference live, its explanation required, then asks first', async () => {
    let closed = false;
    const requests = installFakeApi({
      'GET /api/cash-closing': () => ({ body: closed ? { ...RECAP, closings: [COUNTED] } : RECAP }),
      'POST /api/cash-closing': () => {
        closed = true;
        return { status: 201, body: COUNTED };
      },
    });
    renderPage(['finance']);
    // Expected: the Cash payments only (Rp 150.000 of the Rp 500.000).
    expect((await screen.findByTestId('cash-expected')).textContent).toBe('Rp 150.000');
    fireEvent.change(screen.getByLabelText('Uang kertas Rp 100.000'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Uang kertas Rp 20.000'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('cash-counted').textContent).toBe('Rp 140.000'));
    expect(screen.getByTestId('cash-difference').textContent).toBe('-Rp 10.000');

    const closeButton = screen.getByRole('button', { name: 'Tutup Kas' });
    fireEvent.click(closeButton);
    await screen.findByText(/Keterangan selisih wajib diisi/);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Keterangan selisih'), { target: { value: 'Kembalian kurang' } });
    fireEvent.click(closeButton);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tutup kas Siti Rahmawati tanggal 24-11-2026?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup Kas' }));
    await screen.findByText('Kas ditutup: TKS-BDG-2611-00001');
    expect(last(requests, 'POST', '/api/cash-closing')?.body).toEqual({
      date: DAY,
      cashier_id: SITI.id,
      counts: { ...emptyCashCounts(), note_100000: 1, note_20000: 2 },
      difference_note: 'Kembalian kurang',
    });
    expect((await screen.findByTestId('cash-closing-total')).textContent).toBe('Rp 500.000');
    expect(screen.getByTestId('closing-difference').textContent).toBe('-Rp 10.000');
    screen.getByText('Kembalian kurang');
    // A cashier prints the closed day; only a manager reopens it.
    screen.getByRole('button', { name: /Cetak Rekap/ });
    expect(screen.queryByRole('button', { name: 'Buka Kembali' })).toBeNull();
  });

  it('records the Setoran Bank of a closed day once, after asking, and then shows it with its print', async () => {
    let deposited = false;
    const DEPOSIT = {
      id: 1,
      amount: 140_000,
      bank_account: 'BCA 123',
      reference: 'STR-1',
      deposit_date: DAY,
      deposited_by: SITI.name,
      created_at: `${DAY}T11:00:00.000Z`,
    };
    const requests = installFakeApi({
      'GET /api/cash-closing': () => ({
        body: { ...RECAP, closings: [{ ...COUNTED, deposit: deposited ? DEPOSIT : null }] },
      }),
      'POST /api/cash-closing/5/deposit': () => {
        deposited = true;
        return { status: 201, body: { ...COUNTED, deposit: DEPOSIT } };
      },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${DAY}T08:00:00Z`));
    renderPage(['finance']);
    const form = await screen.findByRole('form', { name: 'Setoran Bank' });
    // The counted cash is offered; a bank account and a reference are asked for.
    expect((within(form).getByLabelText('Jumlah setoran') as HTMLInputElement).value).toBe('140.000');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Setoran' }));
    await within(form).findByText('Rekening bank wajib diisi');
    fireEvent.change(within(form).getByLabelText('Rekening bank'), { target: { value: 'BCA 123' } });
    fireEvent.change(within(form).getByLabelText('No. referensi'), { target: { value: 'STR-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Setoran' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Catat setoran Rp 140.000 dari TKS-BDG-2611-00001?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan Setoran' }));
    await screen.findByText('Setoran bank dicatat');
    expect(last(requests, 'POST', '/api/cash-closing/5/deposit')?.body).toEqual({
      amount: 140_000,
      bank_account: 'BCA 123',
      reference: 'STR-1',
      deposit_date: DAY,
    });
    expect((await screen.findByTestId('deposit-amount')).textContent).toBe('Rp 140.000');
    screen.getByRole('button', { name: /Cetak Setoran/ });
    expect(screen.queryByRole('form', { name: 'Setoran Bank' })).toBeNull();
  });

  it("opens on the branch's day in its time zone (WIT), whatever the browser's, and says which zone", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${DAY}T15:30:00Z`)); // 00:30 WIT on the 25th; still the 24th in UTC and WIB
    const requests = installFakeApi({ 'GET /api/cash-closing': { body: RECAP } });
    const witBranch = { id: 1, name: 'Cabang Jayapura', time_zone: 'Asia/Jayapura' as const };
    renderPage(['finance'], makeUser(['finance'], { branches: [witBranch], active_branch: witBranch }));
    expect((await screen.findByTestId('cash-day-total')).textContent).toBe('Rp 500.000');
    expect(last(requests, 'GET', '/api/cash-closing')?.params).toMatchObject({ date: '2026-11-25' });
    expect(screen.getByTestId('cash-day-zone').textContent).toBe('WIT');
    // Times are the branch's too: 03:01 UTC is 12:01 WIT.
    const paid = screen.getByRole('table', { name: 'Pembayaran hari ini' });
    expect(within(paid).getByText('12.01')).toBeTruthy();
  });

  it('a manager reopens a closed day with a reason', async () => {
    const requests = installFakeApi({
      'GET /api/cash-closing': { body: { ...RECAP, closings: [CLOSING] } },
      'POST /api/cash-closing/5/reopen': { body: { ...CLOSING, reopened_at: `${DAY}T11:00:00.000Z` } },
    });
    renderPage(['finance-manager']);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka Kembali' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Alasan membuka kembali'), {
      target: { value: 'Salah input' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buka Kembali' }));
    await screen.findByText('Kas dibuka kembali');
    await waitFor(() =>
      expect(last(requests, 'POST', '/api/cash-closing/5/reopen')?.body).toEqual({ reason: 'Salah input' }),
    );
  });
});
