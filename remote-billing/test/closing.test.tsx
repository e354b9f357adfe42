import { type CashClosing, type CashDayRecap, sessionStore } from '@keuangan/shared';
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
  it("opens on the signed-in cashier's day: the totals per type, the payments, the voids apart; Tutup Kas asks first", async () => {
    let closed = false;
    const requests = installFakeApi({
      'GET /api/cash-closing': () => ({ body: closed ? { ...RECAP, closings: [CLOSING] } : RECAP }),
      'POST /api/cash-closing': () => {
        closed = true;
        return { status: 201, body: CLOSING };
      },
    });
    renderPage(['finance']);
    expect((await screen.findByTestId('cash-day-total')).textContent).toBe('Rp 500.000');
    expect(last(requests, 'GET', '/api/cash-closing')?.params).toMatchObject({ cashier_id: SITI.id });
    screen.getByText('Cash (1)');
    screen.getByText('Transfer (1)');
    const paid = screen.getByRole('table', { name: 'Pembayaran hari ini' });
    within(paid).getByText('KWT-BDG-2611-00001');
    const voided = screen.getByRole('table', { name: 'Pembatalan hari ini' });
    within(voided).getByText('Salah siswa');

    fireEvent.click(screen.getByRole('button', { name: 'Tutup Kas' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tutup kas Siti Rahmawati tanggal 24-11-2026?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup Kas' }));
    await screen.findByText('Kas ditutup: TKS-BDG-2611-00001');
    expect(last(requests, 'POST', '/api/cash-closing')?.body).toEqual({ date: DAY, cashier_id: SITI.id });
    expect((await screen.findByTestId('cash-closing-total')).textContent).toBe('Rp 500.000');
    // A cashier prints the closed day; only a manager reopens it.
    screen.getByRole('button', { name: /Cetak Rekap/ });
    expect(screen.queryByRole('button', { name: 'Buka Kembali' })).toBeNull();
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
