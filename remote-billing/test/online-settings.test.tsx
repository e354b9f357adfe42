import {
  ONLINE_CHANNELS,
  ONLINE_SETTINGS_MESSAGES,
  type OnlinePaymentSettings,
  sessionStore,
} from '@keuangan/shared';
import { installFakeApi, makeUser, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import BillingRoutes from '../src/routes';
import { paged } from './fixtures';

const DEFAULT: OnlinePaymentSettings = {
  configured: true,
  provider: 'midtrans',
  channels: [...ONLINE_CHANNELS],
  chosen: false,
  fees: { qris: { flat: 0, percent: 0.7 } },
  providers: [
    { provider: 'midtrans', channels: [...ONLINE_CHANNELS] },
    { provider: 'xendit', channels: [...ONLINE_CHANNELS] },
  ],
  updated_at: null,
  updated_by: null,
};

function renderPage(roles: string[]) {
  sessionStorage.clear();
  sessionStore.setState({ user: makeUser(roles) });
  renderRoutes(
    [{ path: 'pembayaran-online/*', element: <BillingRoutes area="pembayaran-online" /> }],
    '/pembayaran-online',
  );
}

afterEach(() => sessionStore.setState({ user: null }));

/** Saves the form and confirms; answers the body of the PUT it sent. */
async function saveAndConfirm(form: HTMLElement, requests: { method: string; body?: unknown }[]) {
  fireEvent.click(within(form).getByRole('button', { name: 'Simpan Pengaturan' }));
  const confirm = await screen.findByRole('dialog', { name: 'Simpan Pengaturan Pembayaran Online' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Simpan' }));
  await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
  return requests.find((r) => r.method === 'PUT')?.body;
}

describe('Pembayaran Online: the Pengaturan tab', () => {
  it('is not offered to finance staff who are not admins', async () => {
    installFakeApi({ 'GET /api/online-payments': { body: paged([]) } });
    renderPage(['finance']);
    await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    screen.getByRole('tab', { name: 'Daftar' });
    expect(screen.queryByRole('tab', { name: 'Pengaturan' })).toBeNull();
  });

  it('lets an admin turn a channel off, asks first, and sends the choice', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: DEFAULT },
      'PUT /api/online-payments/settings': (request) => ({
        body: {
          ...DEFAULT,
          ...(request.body as object),
          chosen: true,
          updated_by: 'Admin',
          updated_at: '2026-11-28T08:00:00.000Z',
        },
      }),
    });
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    const form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    screen.getByText(/Belum dipilih admin/);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'VA BNI' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Pengaturan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Simpan Pengaturan Pembayaran Online' });
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      provider: 'midtrans',
      channels: ONLINE_CHANNELS.filter((c) => c !== 'bni_va'),
      fees: { qris: { flat: 0, percent: 0.7 }, bca_va: { flat: 0, percent: 0 } },
    });
    await screen.findByText('Pengaturan pembayaran online disimpan');
    await screen.findByText(/Dipilih oleh Admin/);
  });

  it('keeps unsaved edits across a tab switch, while the lists still read afresh, and saves them all', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/fixed-va/payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: DEFAULT },
      'PUT /api/online-payments/settings': (request) => ({
        body: { ...DEFAULT, ...(request.body as object) },
      }),
    });
    const reads = (url: string) => requests.filter((r) => r.method === 'GET' && r.url === url).length;
    renderPage(['admin']);
    await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    fireEvent.click(screen.getByRole('tab', { name: 'Pengaturan' }));
    let form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'VA BNI' }));
    fireEvent.change(within(form).getByLabelText('Biaya tetap VA BCA'), { target: { value: '4500' } });
    const listReads = reads('/api/online-payments');

    fireEvent.click(screen.getByRole('tab', { name: 'Daftar' }));
    await screen.findByRole('table', { name: 'Daftar Pembayaran Online' });
    await waitFor(() => expect(reads('/api/online-payments')).toBe(listReads + 1));
    fireEvent.click(screen.getByRole('tab', { name: 'VA Tetap' }));
    await screen.findByRole('table', { name: 'Daftar Pembayaran VA Tetap' });
    await waitFor(() => expect(reads('/api/online-payments/fixed-va/payments')).toBe(1));
    fireEvent.click(screen.getByRole('tab', { name: 'Pengaturan' }));

    form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    expect(within(form).getByRole('checkbox', { name: 'VA BNI' })).toHaveProperty('checked', false);
    expect(within(form).getByLabelText('Biaya tetap VA BCA')).toHaveProperty('value', '4.500');
    expect(reads('/api/online-payments/settings')).toBe(1);
    expect(await saveAndConfirm(form, requests)).toMatchObject({
      channels: ONLINE_CHANNELS.filter((c) => c !== 'bni_va'),
      fees: { bca_va: { flat: 4500, percent: 0 } },
    });
  });

  it('edits a channel fee and sends it in whole rupiah and percent', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: DEFAULT },
      'PUT /api/online-payments/settings': (request) => ({
        body: { ...DEFAULT, ...(request.body as object) },
      }),
    });
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    const form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    fireEvent.change(within(form).getByLabelText('Biaya tetap VA BCA'), { target: { value: '4500' } });
    expect(within(form).getByLabelText('Biaya tetap VA BCA')).toHaveProperty('value', '4.500');
    expect(await saveAndConfirm(form, requests)).toMatchObject({
      fees: { bca_va: { flat: 4500, percent: 0 }, qris: { flat: 0, percent: 0.7 } },
    });
  });

  it('refuses a fee with sen or a percentage above 10, under the field and with no request', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: DEFAULT },
    });
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    const form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    fireEvent.change(within(form).getByLabelText('Biaya tetap VA BRI'), { target: { value: '4000,5' } });
    const percent = within(form).getByLabelText('Persentase QRIS (%)');
    fireEvent.change(percent, { target: { value: '12' } });
    fireEvent.blur(percent);
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Pengaturan' }));
    await within(form).findByText('Biaya tetap dalam rupiah penuh, tanpa sen');
    await within(form).findByText(ONLINE_SETTINGS_MESSAGES.feePercentInvalid);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('refuses to save without a channel, with a clear message and no request', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: { ...DEFAULT, channels: ['qris'] } },
    });
    renderPage(['superadmin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    const form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'QRIS' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Pengaturan' }));
    await within(form).findByText('Pilih minimal satu kanal pembayaran');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal as an error toast", async () => {
    installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': { body: DEFAULT },
      'PUT /api/online-payments/settings': {
        status: 422,
        body: { message: 'Penyedia pembayaran ini belum dikonfigurasi di server' },
      },
    });
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    const form = await screen.findByRole('form', { name: 'Pengaturan Pembayaran Online' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Xendit' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan Pengaturan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Simpan Pengaturan Pembayaran Online' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Penyedia pembayaran ini belum dikonfigurasi di server');
  });

  it('says "belum dikonfigurasi" when no provider has keys', async () => {
    installFakeApi({
      'GET /api/online-payments': { body: paged([]) },
      'GET /api/online-payments/settings': {
        body: { ...DEFAULT, configured: false, provider: null, channels: [], providers: [] },
      },
    });
    renderPage(['admin']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Pengaturan' }));
    await screen.findByText('Pembayaran online belum dikonfigurasi');
    expect(screen.queryByRole('form', { name: 'Pengaturan Pembayaran Online' })).toBeNull();
  });
});
