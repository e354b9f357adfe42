import { installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmbedContext, type EmbedSettings } from '../src/embed/context';
import { NOTHING_TICKED_TEXT } from '../src/online-payments/OnlineChargeButton';
import BillingRoutes from '../src/routes';
import { StudentBillsPage } from '../src/student/StudentBillsPage';
import { makeOnlineCharge as charge, listRow, makeBill, makeItem, onChargeDay, paged } from './fixtures';

onChargeDay();

describe('Pembayaran Online', () => {
  it('lists the charges as the API orders them, with status, flag, channel and provider reference', async () => {
    const requests = installFakeApi({
      'GET /api/online-payments': {
        body: paged([
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

describe('Tagih Online on the bill detail', () => {
  const BILL = makeBill([makeItem(1, 'SPP', 450_000), makeItem(2, 'Kegiatan Siswa', 75_000)]);
  const BASE = {
    'GET /api/student-billing/500': { body: BILL },
    'GET /api/student-fee-component-all': { body: [] },
    'GET /api/student-billing/500/instalments': { body: { data: [] } },
    'GET /api/instalment-plans': { body: paged([]) },
    'GET /api/bill-reminders/student/50': { body: { reminders: [] } },
  };
  const GATEWAY = { configured: true, provider: 'midtrans', channels: ['bca_va', 'qris'], simulator: true };
  const renderBill = () =>
    renderRoutes(
      [{ path: 'student-billing/*', element: <BillingRoutes area="student-billing" /> }],
      '/student-billing/show/500',
    );

  it('says plainly that online payment is not configured', async () => {
    installFakeApi({
      ...BASE,
      'GET /api/online-payments/channels': {
        body: { configured: false, provider: null, channels: [], simulator: false },
      },
    });
    renderBill();
    const button = await screen.findByRole('button', { name: 'Pembayaran online belum dikonfigurasi' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Tagih Online' })).toBeNull();
  });

  it('charges by the chosen channel and shows the VA, amount, expiry in WIB and status; the error in Indonesian', async () => {
    const created = charge({ student_billing_id: 500, amount: 525_000 });
    let attempts = 0;
    const requests = installFakeApi({
      ...BASE,
      'GET /api/online-payments/channels': { body: GATEWAY },
      'GET /api/online-payments': { body: paged([]) },
      // The provider does not answer the first time.
      'POST /api/online-payments': () =>
        ++attempts === 1
          ? { status: 503, body: { message: 'Layanan pembayaran online tidak menjawab. Silakan coba lagi.' } }
          : { status: 201, body: created },
    });
    renderBill();
    fireEvent.click(await screen.findByRole('button', { name: 'Tagih Online' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'VA BCA' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Tagihan Online' }));
    await screen.findByText('Layanan pembayaran online tidak menjawab. Silakan coba lagi.');

    // Once the first attempt has settled (the button no longer spins; its icon's exit motion may linger).
    const submit = within(dialog).getByRole('button', { name: /Buat Tagihan Online/ });
    await waitFor(() => expect(submit.classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(submit);
    expect((await within(dialog).findByTestId('online-charge-number')).textContent).toBe('123400000001');
    within(dialog).getByText('BCA');
    expect(within(dialog).getByTestId('online-charge-amount').textContent).toBe('Rp 525.000');
    within(dialog).getByText(/28 November 2026.*17\.00 WIB/);
    expect(within(dialog).getByTestId('online-charge-status').textContent).toBe('Menunggu Pembayaran');
    // Both attempts carry the same key: the retry can never make a second charge.
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([
      { student_billing_id: 500, channel: 'bca_va' },
      { student_billing_id: 500, channel: 'bca_va' },
    ]);
    expect(posts[0]?.headers?.['Idempotency-Key']).toBeTruthy();
    expect(posts[1]?.headers?.['Idempotency-Key']).toBe(posts[0]?.headers?.['Idempotency-Key']);
  });

  it('shows the open charge again, draws a QRIS, and the simulator pays it', async () => {
    const open = charge({
      student_billing_id: 500,
      channel: 'qris',
      va_number: null,
      qr_string: '00020101QRIS',
    });
    const requests = installFakeApi({
      ...BASE,
      'GET /api/online-payments/channels': { body: GATEWAY },
      'GET /api/online-payments': { body: paged([open]) },
      'POST /api/online-payments/1/simulate': {
        body: { ...open, status: 'posted', provider_transaction_id: 'trx-9', notifications: [] },
      },
    });
    renderBill();
    fireEvent.click(await screen.findByRole('button', { name: 'Tagih Online' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img', { name: 'Kode QRIS untuk Rp 500.000' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(requests.find((r) => r.url === '/api/online-payments')?.params).toMatchObject({
      student_billing_id: 500,
      status: 'pending',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simulasikan Pembayaran' }));
    await screen.findByText('Pembayaran online diterima dan dicatat');
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/online-payments/1/simulate')).toBe(
      true,
    );
  });
});

describe('Bayar Online in the embedded view', () => {
  const BILL = makeBill([makeItem(1, 'SPP', 450_000)]);
  const BASE = {
    'GET /api/student-billing/500': { body: BILL },
    'GET /api/student-fee-component-all': { body: [] },
    'GET /api/student-billing/500/instalments': { body: { data: [] } },
    'GET /api/instalment-plans': { body: paged([]) },
  };
  const GATEWAY = { configured: true, provider: 'midtrans', channels: ['bca_va', 'qris'], simulator: true };
  const renderEmbedded = (settings: Partial<EmbedSettings>) => {
    const embed: EmbedSettings = {
      canPay: false,
      canPayOnline: false,
      cashierName: null,
      emit: vi.fn(),
      timeZone: 'Asia/Jakarta',
      ...settings,
    };
    renderRoutes(
      [
        {
          path: 'student-billing/*',
          element: (
            <EmbedContext.Provider value={embed}>
              <BillingRoutes area="student-billing" />
            </EmbedContext.Provider>
          ),
        },
      ],
      '/student-billing/show/500',
    );
    return embed;
  };

  it('a token that may pay charges the bill through the same dialog; the simulator pays; the page hears of it', async () => {
    const created = charge({ id: 4, student_billing_id: 500, amount: 450_000 });
    const requests = installFakeApi({
      ...BASE,
      'GET /api/online-payments/channels': { body: GATEWAY },
      'GET /api/online-payments': { body: paged([]) },
      'POST /api/online-payments': { status: 201, body: created },
      'POST /api/online-payments/4/simulate': {
        body: { ...created, status: 'posted', student_billing_payment_id: 77, notifications: [] },
      },
    });
    const embed = renderEmbedded({ canPayOnline: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Bayar Online' }));
    expect(screen.queryByRole('button', { name: 'Tagih Online' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(`Bayar Online: ${BILL.bill_number}`);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'VA BCA' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Tagihan Online' }));
    expect((await within(dialog).findByTestId('online-charge-number')).textContent).toBe('123400000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simulasikan Pembayaran' }));
    await screen.findByText('Pembayaran online diterima dan dicatat');
    expect(embed.emit).toHaveBeenCalledWith({
      type: 'payment-made',
      paymentId: 77,
      billId: 500,
      amount: 450_000,
    });
    // Staff-only parts are never asked for in the view.
    expect(requests.some((r) => r.url.startsWith('/api/bill-reminders'))).toBe(false);
    expect(screen.queryByTestId('payment-unavailable')).toBeNull();
  });

  it('a read token (or a page that allows no payment) never sees Bayar Online nor asks for the gateway', async () => {
    const requests = installFakeApi({ ...BASE, 'GET /api/online-payments/channels': { body: GATEWAY } });
    renderEmbedded({ canPayOnline: false });
    await screen.findByTestId('payment-unavailable');
    expect(screen.queryByRole('button', { name: 'Bayar Online' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tagih Online' })).toBeNull();
    expect(requests.some((r) => r.url === '/api/online-payments/channels')).toBe(false);
  });
});

describe('Bayar Online for several bills in the embedded view (docs/online-payments.md, "Bayar Online")', () => {
  const JULY = makeBill([makeItem(11, 'SPP', 450_000)], {
    id: 490,
    bill_number: 'BL-0490',
    mm: '2026-07',
    bill_date: '2026-07-01',
  });
  const AUGUST = makeBill([makeItem(1, 'SPP', 450_000), makeItem(2, 'Kegiatan Siswa', 75_000)]);
  const JUNE = { ...listRow(makeBill([], { id: 480, bill_number: 'BL-0480' })), payment_status: 1 };
  const GATEWAY = { configured: true, provider: 'midtrans', channels: ['bca_va', 'qris'], simulator: true };
  const BASE = {
    'GET /api/student-billing': {
      body: paged([JUNE, listRow(JULY), listRow(AUGUST)]),
    },
    'GET /api/student-credit': { body: { ...paged([]), balance: 0 } },
    'GET /api/online-payments/channels': { body: GATEWAY },
  };
  const renderList = (settings: Partial<EmbedSettings>) => {
    const embed: EmbedSettings = {
      canPay: false,
      canPayOnline: true,
      cashierName: null,
      emit: vi.fn(),
      timeZone: 'Asia/Jakarta',
      ...settings,
    };
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <EmbedContext.Provider value={embed}>
              <StudentBillsPage studentId={50} departmentId={1} yearOfStudyId={11} />
            </EmbedContext.Provider>
          ),
        },
      ],
      '/',
    );
    return embed;
  };
  const tick = (bill: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Bayar ${bill}` }));

  it('nothing ticked at first: Bayar Online disabled, saying why; ticked bills are charged in one charge', async () => {
    const created = charge({
      id: 4,
      student_billing_id: 490,
      student_billing_ids: [490, 500],
      amount: 975_000,
    });
    const requests = installFakeApi({
      ...BASE,
      'GET /api/online-payments': { body: paged([]) },
      'POST /api/online-payments': { status: 201, body: created },
    });
    renderList({});
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0490');
    const pay = await screen.findByRole('button', { name: 'Bayar Online', description: NOTHING_TICKED_TEXT });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    // Each tick names its bill; a paid bill cannot be ticked; the counter's parts are not in the view.
    expect((screen.getByRole('checkbox', { name: 'Bayar BL-0480' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Bayar BL-0490' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Bayar Semua Tunggakan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tagih Online' })).toBeNull();

    tick('BL-0490');
    tick('BL-0500');
    const enabled = screen.getByRole('button', { name: 'Bayar Online' });
    expect((enabled as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(NOTHING_TICKED_TEXT)).toBeNull();
    fireEvent.click(enabled);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Bayar Online: 2 billing');
    await within(dialog).findByText(/2 billing terpilih \(BL-0490, BL-0500\)/);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'VA BCA' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Tagihan Online' }));
    expect((await within(dialog).findByTestId('online-charge-amount')).textContent).toBe('Rp 975.000');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { student_billing_ids: [490, 500], channel: 'bca_va' },
    ]);
  });

  it('shows the open charge of the same bills again, the simulator pays it, the page hears of it, the list reloads', async () => {
    const open = charge({ id: 6, student_billing_id: 490, student_billing_ids: [500, 490], amount: 975_000 });
    const requests = installFakeApi({
      ...BASE,
      'GET /api/online-payments': { body: paged([open]) },
      'POST /api/online-payments/6/simulate': {
        body: { ...open, status: 'posted', student_billing_payment_id: 88, notifications: [] },
      },
    });
    const embed = renderList({});
    await screen.findByRole('checkbox', { name: 'Bayar BL-0500' });
    tick('BL-0500');
    tick('BL-0490');
    fireEvent.click(await screen.findByRole('button', { name: 'Bayar Online' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('online-charge-number')).textContent).toBe('123400000001');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    const lists = requests.filter((r) => r.url === '/api/student-billing').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simulasikan Pembayaran' }));
    await screen.findByText('Pembayaran online diterima dan dicatat');
    expect(embed.emit).toHaveBeenCalledWith({
      type: 'payment-made',
      paymentId: 88,
      billId: 490,
      amount: 975_000,
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/student-billing').length).toBe(lists + 1),
    );
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/online-payments')).toBe(false);
  });

  it('a token that may not pay online sees no ticks and no Bayar Online, and never asks for the gateway', async () => {
    const requests = installFakeApi(BASE);
    renderList({ canPayOnline: false });
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0490');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bayar Online' })).toBeNull();
    expect(requests.some((r) => r.url === '/api/online-payments/channels')).toBe(false);
  });
});
