import type { OnlineCharge, Paged } from '@keuangan/shared';
import { installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BillingRoutes from '../src/routes';

const charge = (over: Partial<OnlineCharge>): OnlineCharge => ({
  id: 1,
  order_id: 'KEU1-A-0001',
  student_billing_id: 7,
  student_id: 3,
  provider: 'midtrans',
  channel: 'bca_va',
  amount: 500_000,
  items: [{ id: 11, amount: 500_000 }],
  va_number: '123400000001',
  bill_key: null,
  qr_string: null,
  expires_at: '2026-11-28T10:00:00.000Z',
  status: 'pending',
  provider_charge_id: 'trx-1',
  provider_transaction_id: null,
  paid_amount: null,
  student_billing_payment_id: null,
  flagged: false,
  flag_reason: null,
  created_at: '2026-11-27T10:00:00.000Z',
  ...over,
});

const page = (data: OnlineCharge[]): Paged<OnlineCharge> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  from: data.length ? 1 : null,
  total: data.length,
});

describe('Pembayaran Online', () => {
  it('lists the charges as the API orders them, with status, flag, channel and provider reference', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': {
        body: page([
          charge({
            id: 2,
            order_id: 'KEU1-B-0002',
            status: 'credited',
            flagged: true,
            flag_reason: 'Jumlah yang diterima berbeda dengan tagihan online',
            provider_transaction_id: 'trx-2',
          }),
          charge({
            id: 1,
            status: 'posted',
            provider_transaction_id: 'trx-1',
            channel: 'qris',
            va_number: null,
          }),
        ]),
      },
    });
    renderRoutes(
      [{ path: 'pembayaran-online/*', element: <BillingRoutes area="pembayaran-online" /> }],
      '/pembayaran-online',
    );
    const table = await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    within(rows[0] as HTMLElement).getByText('Saldo Titipan');
    within(rows[0] as HTMLElement).getByText(/Perlu diperiksa: Jumlah yang diterima berbeda/);
    within(rows[0] as HTMLElement).getByText('trx-2');
    within(rows[1] as HTMLElement).getByText('Dibukukan');
    within(rows[1] as HTMLElement).getByText('QRIS');
    within(rows[1] as HTMLElement).getByText('Rp 500.000');

    const search = screen.getByRole('searchbox', { name: 'Cari Pembayaran Online' });
    fireEvent.change(search, { target: { value: ' KEU1-B ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ q: 'KEU1-B', page: 1 }));
  });
});
