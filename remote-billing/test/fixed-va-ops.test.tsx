import type { FixedVa, FixedVaPaymentRow, OnlineGatewayInfo } from '@keuangan/shared';
import { choose, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FixedVaCard } from '../src/online-payments/FixedVaCard';
import BillingRoutes from '../src/routes';
import { paged } from './fixtures';

const ROW: FixedVaPaymentRow = {
  id: 7,
  received_at: '2026-11-27T10:05:00.000Z',
  fixed_va_id: 3,
  student_id: 12,
  student_name: 'Ani Lestari',
  bank: 'bri',
  account_number: '886080000000003',
  amount: 150_000,
  payments: [{ id: 40, receipt_number: 'KWT-BDG-2611-00040' }],
  credit_amount: 25_000,
  outcome: 'posted',
  flagged: true,
  flag_reason: 'Uang masuk ke VA tetap yang sudah ditutup',
  provider_payment_id: 'pay-77',
};

const VA: FixedVa = {
  id: 3,
  student_id: 12,
  provider: 'xendit',
  bank: 'bri',
  external_id: 'KEU1-S12-BRI',
  account_number: '886080000000003',
  name: 'Ani Lestari',
  created_at: '2026-11-01T00:00:00.000Z',
  closed_at: null,
  close_reason: null,
};

const GATEWAY: OnlineGatewayInfo = {
  configured: true,
  provider: 'xendit',
  channels: ['bri_va'],
  simulator: false,
  fixed_va: true,
};

describe('Pembayaran Online, tab VA Tetap', () => {
  it("lists a fixed VA's money with its receipts, Saldo Titipan part and flag, and sends the filters", async () => {
    sessionStorage.clear();
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/fixed-va/payments': { body: paged([ROW]) },
    });
    renderRoutes(
      [{ path: 'pembayaran-online/*', element: <BillingRoutes area="pembayaran-online" /> }],
      '/pembayaran-online',
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'VA Tetap' }));
    const table = await screen.findByRole('table', { name: 'Daftar Pembayaran VA Tetap' });
    await within(table).findByText('Ani Lestari');
    within(table).getByText('886080000000003');
    within(table).getByText('KWT-BDG-2611-00040');
    within(table).getByText('Rp 25.000');
    within(table).getByText('Perlu diperiksa: Uang masuk ke VA tetap yang sudah ditutup');
    within(table).getByText('pay-77');
    await choose('Bank', 'BRI');
    await choose('Perlu Diperiksa', 'Hanya yang perlu diperiksa');
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.url === '/api/online-payments/fixed-va/payments').at(-1)?.params,
      ).toMatchObject({ bank: 'bri', flagged: '1', page: 1 }),
    );
  });
});

describe('VA Tetap card: closing', () => {
  const renderCard = () =>
    renderRoutes([{ path: '/', element: <FixedVaCard studentId={12} onPaid={() => {}} /> }], '/');

  it('asks why, refuses an empty reason on screen, then closes and offers a new VA', async () => {
    let closed = false;
    const requests = installFakeApi({
      'GET /api/online-payments/channels': { body: GATEWAY },
      'GET /api/online-payments/fixed-va': () => ({
        body: closed ? [{ ...VA, closed_at: '2026-11-28T01:00:00.000Z', close_reason: 'Pindah' }] : [VA],
      }),
      'POST /api/online-payments/fixed-va/3/close': () => {
        closed = true;
        return { body: { ...VA, closed_at: '2026-11-28T01:00:00.000Z', close_reason: 'Pindah' } };
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Tutup VA Tetap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutup VA Tetap' });
    within(dialog).getByText(/Tutup VA tetap BRI 886080000000003\?/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup VA' }));
    await screen.findByText('Alasan penutupan wajib diisi');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Alasan penutupan'), { target: { value: ' Pindah ' } });
    // The button's loading icon fades out by an animation jsdom never ends: found by its text, not its name.
    fireEvent.click(within(dialog).getByText('Tutup VA').closest('button') as HTMLElement);
    await screen.findByText('VA tetap ditutup');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Pindah' });
    await screen.findByRole('button', { name: 'Buat VA Tetap' });
  });

  it("shows the provider's failure and keeps the VA", async () => {
    installFakeApi({
      'GET /api/online-payments/channels': { body: GATEWAY },
      'GET /api/online-payments/fixed-va': { body: [VA] },
      'POST /api/online-payments/fixed-va/3/close': {
        status: 502,
        body: { message: 'Layanan pembayaran online sedang bermasalah. Silakan coba lagi.' },
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Tutup VA Tetap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutup VA Tetap' });
    fireEvent.change(within(dialog).getByLabelText('Alasan penutupan'), { target: { value: 'Pindah' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup VA' }));
    await screen.findByText('Layanan pembayaran online sedang bermasalah. Silakan coba lagi.');
    expect(screen.getByRole('button', { name: 'Tutup VA Tetap' })).toBeTruthy();
  });
});
