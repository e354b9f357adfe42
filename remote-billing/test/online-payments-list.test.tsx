import type { OnlineChargeDetail } from '@keuangan/shared';
import { choose, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BillingRoutes from '../src/routes';
import { makeOnlineCharge, paged } from './fixtures';

const CHARGE = makeOnlineCharge({
  id: 2,
  order_id: 'KEU1-B-0002',
  channel: 'qris',
  va_number: null,
  qr_string: '00020101',
  status: 'expired',
  provider_charge_id: 'trx-2',
});

const renderList = () =>
  renderRoutes(
    [{ path: 'pembayaran-online/*', element: <BillingRoutes area="pembayaran-online" /> }],
    '/pembayaran-online',
  );

describe('Pembayaran Online: filters, the timeline and Periksa Status', () => {
  it('sends the chosen channel and "perlu diperiksa" and leaves out what is Semua', async () => {
    sessionStorage.clear();
    const requests = installFakeApi({ 'GET /api/online-payments': { body: paged([CHARGE]) } });
    renderList();
    await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    await choose('Kanal', 'QRIS');
    await choose('Perlu Diperiksa', 'Hanya yang perlu diperiksa');
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/online-payments').at(-1)?.params).toMatchObject({
        channel: 'qris',
        flagged: '1',
        page: 1,
      }),
    );
    expect(requests.at(-1)?.params).not.toHaveProperty('status');
  });

  it('shows every notification of a charge in order, and Periksa Status shows what the provider says', async () => {
    sessionStorage.clear();
    const detail: OnlineChargeDetail = {
      ...CHARGE,
      notifications: [
        {
          id: 1,
          received_at: '2026-11-27T10:05:00.000Z',
          signature_ok: false,
          outcome: 'bad_signature',
          outcome_detail: null,
        },
        {
          id: 2,
          received_at: '2026-11-27T11:00:00.000Z',
          signature_ok: true,
          outcome: 'expired',
          outcome_detail: null,
        },
      ],
    };
    const checked: OnlineChargeDetail = {
      ...detail,
      status: 'posted',
      flagged: true,
      flag_reason: 'Uang diterima setelah kedaluwarsa',
      provider_transaction_id: 'trx-paid',
      fee_amount: 2626,
    };
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([CHARGE]) },
      'GET /api/online-payments/2': { body: detail },
      'POST /api/online-payments/2/check': { body: checked },
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    fireEvent.click(within(table).getByRole('button', { name: 'Rincian KEU1-B-0002' }));
    const dialog = await screen.findByRole('dialog');
    const timeline = await within(dialog).findByLabelText('Riwayat Notifikasi');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    within(entries[0] as HTMLElement).getByText('Ditolak: tanda tangan tidak valid');
    within(entries[1] as HTMLElement).getByText('Kedaluwarsa');
    within(dialog).getByText('Biaya Gateway (dibukukan)');
    within(dialog).getByText('Belum dibukukan');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Periksa Status' }));
    await within(dialog).findByText('Dibukukan');
    within(dialog).getByText('Uang diterima setelah kedaluwarsa');
    within(dialog).getByText('trx-paid');
    // The fee booked as the school's expense, shown apart from the charge's amount.
    within(dialog).getByText(/2\.626/);
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/online-payments/2/check')).toBe(true);
  });

  it('says so when a charge has no notification yet, and offers Coba lagi when it cannot be loaded', async () => {
    sessionStorage.clear();
    installFakeApi({
      'GET /api/online-payments': { body: paged([CHARGE]) },
      'GET /api/online-payments/2': { status: 500, body: { message: 'Gagal' } },
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    fireEvent.click(within(table).getByRole('button', { name: 'Rincian KEU1-B-0002' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Rincian pembayaran online tidak dapat dimuat.');
    installFakeApi({
      'GET /api/online-payments': { body: paged([CHARGE]) },
      'GET /api/online-payments/2': { body: { ...CHARGE, notifications: [] } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Coba lagi' }));
    await within(dialog).findByText('Belum ada notifikasi dari penyedia');
  });
});
