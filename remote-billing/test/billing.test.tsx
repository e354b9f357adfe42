import {
  CLASS_MONTH_REFERENCES,
  type FakeRoutes,
  installFakeApi,
  type RecordedRequest,
  renderRoutes,
} from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';
import { listRow, makeBill, makeItem, makePayment, paged } from './fixtures';

/** Two departments and two years: the list starts at the first of each. */
const REFS: FakeRoutes = {
  ...CLASS_MONTH_REFERENCES,
  'GET /api/ref-department-getall': {
    body: [
      { id: 1, name: 'SD', sequence: 1 },
      { id: 2, name: 'SMP', sequence: 2 },
    ],
  },
  'GET /api/ref-year-of-study-getall': {
    body: [
      { id: 11, name: '2026/2027', department_id: 1, start_date: '2026-07-01', end_date: '2027-06-30' },
      { id: 10, name: '2025/2026', department_id: 1, start_date: '2025-07-01', end_date: '2026-06-30' },
    ],
  },
};

const RESUME = {
  sum_total_amount: 1_050_000,
  sum_total_discount: 50_000,
  sum_total_bail: 0,
  sum_total_payment: 400_000,
  sum_total_billing: 600_000,
  count_bill: 2,
  count_unconfirmed: 1,
};

const MAIN = makeBill([makeItem(1, 'SPP', 450_000), makeItem(2, 'Kegiatan Siswa', 75_000)], {
  overdue_days: 12,
});
const EXTRA = makeBill([makeItem(3, 'Buku Paket', 300_000)], {
  id: 501,
  bill_number: 'BL-0501',
  type: 2,
  form_status: 0,
  unsettled_bill_count: 0,
  all_payment_status: 1,
  student: { id: 51, name: 'Citra Lestari', nis: '2026002' },
  student_id: 51,
});

function installApi(extra: FakeRoutes = {}): RecordedRequest[] {
  return installFakeApi({
    ...REFS,
    'GET /api/student-billing': { body: { ...paged([listRow(MAIN), listRow(EXTRA)]), resume: RESUME } },
    'GET /api/student-billing/500': { body: MAIN },
    'GET /api/student-fee-component-all': { body: [] },
    // Cicilan of the bill detail (tested in instalments-card.test.tsx and payment-instalments.test.tsx).
    'GET /api/student-billing/500/instalments': { body: { data: [] } },
    'GET /api/instalment-plans': { body: paged([]) },
    // Riwayat Pengingat of Tagihan Siswa and the bill detail (tested in reminders.test.tsx).
    'GET /api/bill-reminders/student/50': { body: { reminders: [] } },
    'GET /api/bill-reminders/student/51': { body: { reminders: [] } },
    // Tagih Online of the bill detail (tested in online-payments.test.tsx).
    'GET /api/online-payments/channels': {
      body: { configured: false, provider: null, channels: [], simulator: false },
    },
    // Saldo Titipan of Tagihan Siswa: none (tested below, "Saldo Titipan").
    'GET /api/student-credit': { body: { ...paged([]), balance: 0 } },
    ...extra,
  });
}

function renderBilling(path: string) {
  return renderRoutes(
    [
      { path: 'student-billing/*', element: <BillingRoutes area="student-billing" /> },
      {
        path: 'student-billing-payment-history-detail/*',
        element: <BillingRoutes area="student-billing-payment-history-detail" />,
      },
      { path: 'mutation-billing/*', element: <BillingRoutes area="mutation-billing" /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;
}

/** The list's filter as the hook saves it (branch 1); the extra bill form starts from it too. */
const saveListFilter = (values: object) =>
  sessionStorage.setItem('keuangan.filter.student-billing.1', JSON.stringify(values));

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** A button by its text: after a save jsdom never ends the fade-out of its spinner, which stays in the name. */
const buttonWithText = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
/** Enter down and up, as a keyboard sends it (antd's Input answers one Enter per key press). */
const pressEnter = (input: HTMLElement) => {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

const lastRequest = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).at(-1);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('billing list', () => {
  it('starts at the first department and year with the rest on Semua, and shows the server totals', async () => {
    const requests = installApi();
    renderBilling('/student-billing');
    await screen.findByRole('heading', { name: 'Billing Siswa' });
    await waitFor(() => expect(button('Tampilkan').disabled).toBe(false));
    expect(requests.some((r) => r.url === '/api/student-billing')).toBe(false);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    fireEvent.click(button('Tampilkan'));
    const table = await screen.findByRole('table', { name: 'Daftar Billing Siswa' });
    await within(table).findByText('Budi Santoso');
    // Once the answer is in, the totals and the bills come to the top of the screen (docs/screens.md).
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    const target = scrolled.mock.contexts[0] as Element;
    expect(target.contains(screen.getByTestId('sum_total_amount'))).toBe(true);
    expect(target.contains(table)).toBe(true);
    scrolled.mockRestore();
    expect(lastRequest(requests, 'GET', '/api/student-billing')?.params).toEqual({
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 'all',
      level_id: 'all',
      class_id: 'all',
      mm: 'all',
      payment_status: 'all',
      type: 'all',
      overdue_min: 'all',
      q: '',
      orderby: 'id',
      sort: 'asc',
      with_resume: true,
      page: 1,
      limit: 50,
    });
    // The five totals are the server's, over the whole filter.
    expect(screen.getByTestId('sum_total_amount').textContent).toBe('Rp 1.050.000');
    expect(screen.getByTestId('sum_total_discount').textContent).toBe('Rp 50.000');
    expect(screen.getByTestId('sum_total_payment').textContent).toBe('Rp 400.000');
    expect(screen.getByTestId('sum_total_billing').textContent).toBe('Rp 600.000');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '', // the ticks of Konfirmasi Billing Terpilih
      'No.',
      'No. Billing',
      'Siswa',
      'Total Biaya',
      'Diskon',
      'Ditanggung',
      'Pembayaran',
      'Sisa Tagihan Jatuh Tempo',
      'Status',
      'Aksi',
    ]);
    // Jatuh Tempo under Sisa Tagihan, and Terlambat (its days in the title) in place of Belum Lunas.
    expect(within(table).getAllByText('10-08-2026')).toHaveLength(2);
    within(table).getByTitle('Terlambat 12 hari');
    expect(within(table).getByTitle('Terlambat 12 hari').textContent).toBe('Terlambat');
    expect(within(table).queryAllByText('Belum Lunas')).toHaveLength(1);
    // Delete only for the unconfirmed extra bill; Semua Tagihan and the history for unsettled students.
    expect(screen.queryByRole('button', { name: 'Hapus BL-0500 Budi Santoso' })).toBeNull();
    button('Hapus BL-0501 Citra Lestari');
    button('Semua Tagihan Budi Santoso (PDF)');
    expect(screen.queryByRole('button', { name: 'Semua Tagihan Citra Lestari (PDF)' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Riwayat Semua Pembayaran Budi Santoso' }).getAttribute('href'),
    ).toBe('/student-billing-payment-history-detail/siswa?student_id=50&department_id=1');
    expect(screen.getByRole('link', { name: 'Detail BL-0500 Budi Santoso' }).getAttribute('href')).toBe(
      '/student-billing/show/500',
    );
    expect(within(table).getAllByText('Terkonfirmasi')).toHaveLength(1);
    expect(within(table).getAllByText('Belum Konfirmasi')).toHaveLength(1);
  });

  it('filters by days late and orders the longest late first; nothing to confirm among late bills', async () => {
    const requests = installApi();
    renderBilling('/student-billing');
    await waitFor(() => expect(button('Tampilkan').disabled).toBe(false));
    fireEvent.mouseDown(screen.getByLabelText('Keterlambatan'));
    fireEvent.click(await screen.findByTitle('Terlambat > 30 hari'));
    fireEvent.mouseDown(screen.getByLabelText('Urutkan'));
    fireEvent.click(await screen.findByTitle('Terlambat terlama'));
    fireEvent.click(button('Tampilkan'));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', '/api/student-billing')?.params).toMatchObject({
        overdue_min: 31,
        orderby: 'overdue_days',
        sort: 'desc',
      }),
    );
    expect(lastRequest(requests, 'GET', '/api/student-billing')?.params).not.toHaveProperty('order');
    expect(button('Konfirmasi Billing').disabled).toBe(true);
  });

  it('Konfirmasi Billing acts on what the list shows: its search, or the ticked bills, and states the count first', async () => {
    const requests = installApi({
      'POST /api/student-billing-update-form-status': ({ body }) => ({
        body: (body as { dry_run?: boolean }).dry_run
          ? { message: '', confirmed: (body as { ids?: number[] }).ids?.length ?? 12 }
          : { message: 'Konfirmasi Form Billing Siswa Berhasil', confirmed: 12 },
      }),
    });
    renderBilling('/student-billing');
    await waitFor(() => expect(button('Tampilkan').disabled).toBe(false));
    // Nothing shown yet: nothing to confirm.
    expect(button('Konfirmasi Billing').disabled).toBe(true);
    fireEvent.click(button('Tampilkan'));
    const table = await screen.findByRole('table', { name: 'Daftar Billing Siswa' });
    await within(table).findByText('Budi Santoso');
    const search = screen.getByLabelText('Cari nama siswa, NIS atau nomor billing');
    fireEvent.change(search, { target: { value: 'Citra' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastRequest(requests, 'GET', '/api/student-billing')?.params.q).toBe('Citra'));
    fireEvent.click(button('Konfirmasi Billing'));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      /mengkonfirmasi 12 billing .*pada daftar yang ditampilkan \(pencarian "Citra"\)/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    expect((await screen.findByText(/Konfirmasi Form Billing Siswa Berhasil/)).textContent).toContain(
      '12 billing dikonfirmasi',
    );
    const applied = {
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 'all',
      level_id: 'all',
      class_id: 'all',
      mm: 'all',
      type: 'all',
    };
    const sent = () =>
      requests.filter((r) => r.url === '/api/student-billing-update-form-status').map((r) => r.body);
    expect(sent()).toEqual([
      { ...applied, q: 'Citra', dry_run: true },
      { ...applied, q: 'Citra' },
    ]);
  });
  it('Konfirmasi Billing Terpilih confirms only the ticked bills; a confirmed bill cannot be ticked', async () => {
    const requests = installApi({
      'POST /api/student-billing-update-form-status': ({ body }) => ({
        body: {
          message: 'Konfirmasi Form Billing Siswa Berhasil',
          confirmed: (body as { ids: number[] }).ids.length,
        },
      }),
    });
    renderBilling('/student-billing');
    await waitFor(() => expect(button('Tampilkan').disabled).toBe(false));
    fireEvent.click(button('Tampilkan'));
    const table = await screen.findByRole('table', { name: 'Daftar Billing Siswa' });
    await within(table).findByText('Citra Lestari');
    const tick = (name: string) => within(table).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(tick('Pilih BL-0500 Budi Santoso').disabled).toBe(true);
    fireEvent.click(tick('Pilih BL-0501 Citra Lestari'));
    fireEvent.click(button('Konfirmasi Billing Terpilih (1)'));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/mengkonfirmasi 1 billing yang dipilih/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    await screen.findByText(/1 billing dikonfirmasi/);
    const sent = requests
      .filter((r) => r.url === '/api/student-billing-update-form-status')
      .map((r) => r.body);
    expect(sent).toEqual([
      expect.objectContaining({ ids: [501], dry_run: true }),
      expect.objectContaining({ ids: [501] }),
    ]);
    expect(sent[1]).not.toHaveProperty('dry_run');
  });

  it('deletes an unconfirmed extra bill after confirmation, then reloads', async () => {
    const requests = installApi({
      'DELETE /api/student-billing/501': { body: { message: 'Data berhasil dihapus' } },
    });
    saveListFilter({
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 'all',
      level_id: 'all',
      class_id: 'all',
      mm: 'all',
      payment_status: 'all',
      type: 'all',
    });
    renderBilling('/student-billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus BL-0501 Citra Lestari' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Apakah Anda yakin untuk menghapus data billing BL-0501 (Citra Lestari) ?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    await screen.findByText('Data berhasil dihapus');
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/student-billing/501')).toBe(true);
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/student-billing')).toHaveLength(2));
  });

  it('says why the list could not load', async () => {
    installApi({
      'GET /api/student-billing': { status: 422, body: { message: 'Departemen Tidak Boleh Kosong' } },
    });
    renderBilling('/student-billing');
    await waitFor(() => expect(button('Tampilkan').disabled).toBe(false));
    fireEvent.click(button('Tampilkan'));
    await screen.findByText('Departemen Tidak Boleh Kosong');
  });
});

describe('bill detail', () => {
  it('shows the card with every field and the five totals, and the buttons of a confirmed unpaid bill', async () => {
    installApi();
    renderBilling('/student-billing/show/500');
    await screen.findByText('Billing Detail Siswa');
    for (const label of [
      'Departemen',
      'Nama Siswa',
      'NIS',
      'Kelas',
      'Tahun Ajaran',
      'Periode KBM',
      'Bulan',
      'Total Biaya',
      'Total Diskon',
      'Total Ditanggung',
      'Total Pembayaran',
      'Sisa Tagihan',
      'Status',
      'Tipe Billing',
    ]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    screen.getByText('Agustus 2026');
    expect(screen.getByTestId('bill-total-billing').textContent).toBe('Rp 525.000');
    screen.getByText('Utama');
    for (const name of ['Billing Detail (PDF)', 'Semua Tagihan (PDF)', 'Batalkan Konfirmasi']) {
      expect(button(name).disabled).toBe(false);
    }
    expect(screen.queryByRole('button', { name: 'Konfirmasi Billing' })).toBeNull();
    // Confirmed: the items are frozen, payments are taken.
    expect(screen.queryByRole('button', { name: 'Ubah Diskon SPP' })).toBeNull();
    // The payment form is fetched when shown (OnDemand).
    await screen.findByRole('form', { name: 'Form Pembayaran' });
  });

  it('edits an unconfirmed bill: a discount in place (checked against the price first), then confirms it', async () => {
    const unconfirmed = { ...MAIN, form_status: 0 };
    const discounted = makeBill(
      [makeItem(1, 'SPP', 450_000, 0, { discount: 50_000 }), MAIN.student_billing_items[1] as never],
      { form_status: 0 },
    );
    const requests = installApi({
      'GET /api/student-billing/500': { body: unconfirmed },
      'POST /api/student-billing-item-xupdate/1': {
        body: { message: 'Data berhasil diubah.', data: discounted },
      },
      'POST /api/student-billing-xupdate/500': {
        body: { message: 'Konfirmasi billing Berhasil', data: { ...discounted, form_status: 1 } },
      },
    });
    renderBilling('/student-billing/show/500');
    expect(screen.queryByRole('form', { name: 'Form Pembayaran' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Diskon SPP' }));
    const input = screen.getByLabelText('Diskon SPP');
    fireEvent.change(input, { target: { value: '500000' } });
    pressEnter(input);
    await screen.findByText('Diskon dan Ditanggung tidak boleh melebihi Biaya');
    expect(requests.some((r) => r.url === '/api/student-billing-item-xupdate/1')).toBe(false);
    fireEvent.change(input, { target: { value: '50000' } });
    pressEnter(input);
    await screen.findByText('Data berhasil diubah.');
    expect(lastRequest(requests, 'POST', '/api/student-billing-item-xupdate/1')?.body).toEqual({
      field: 'discount',
      value: 50_000,
    });
    await waitFor(() => expect(screen.getByTestId('bill-total-billing').textContent).toBe('Rp 475.000'));

    fireEvent.click(button('Konfirmasi Billing'));
    await screen.findByText('Konfirmasi billing Berhasil');
    expect(lastRequest(requests, 'POST', '/api/student-billing-xupdate/500')?.body).toEqual({
      field: 'form_status',
      value: 1,
    });
    await screen.findByRole('form', { name: 'Form Pembayaran' });
  });

  it('adds a component the student has not been charged yet', async () => {
    const unconfirmed = { ...MAIN, form_status: 0 };
    const requests = installApi({
      'GET /api/student-billing/500': { body: unconfirmed },
      'GET /api/student-fee-component-all': {
        body: [
          {
            id: 950,
            name: 'Seragam',
            price: 185_000,
            mm: '2026-08',
            fee_type_id: 3,
            ftype: 1,
            fee_type: { name: 'Seragam' },
          },
        ],
      },
      'POST /api/student-billing-item': {
        status: 201,
        body: {
          message: 'Berhasil Menambahkan Komponen',
          data: makeBill([...MAIN.student_billing_items, makeItem(3, 'Seragam', 185_000)], {
            form_status: 0,
          }),
        },
      },
    });
    renderBilling('/student-billing/show/500');
    await screen.findByText('Tidak menemukan Komponen? Buat disini');
    expect(
      screen.getByRole('link', { name: 'Tidak menemukan Komponen? Buat disini' }).getAttribute('href'),
    ).toBe('/student-fee-component/add');
    // The bill's own month only: an August bill never offers November's components.
    expect(lastRequest(requests, 'GET', '/api/student-fee-component-all')?.params).toEqual({
      student_id: 50,
      department_id: 1,
      mm: unconfirmed.mm,
      available_only: 1,
      orderby: 'id',
      sort: 'asc',
    });
    fireEvent.mouseDown(screen.getByLabelText('Tambah Komponen'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title^="Seragam"]');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(button('Tambah'));
    await screen.findByText('Berhasil Menambahkan Komponen');
    expect(lastRequest(requests, 'POST', '/api/student-billing-item')?.body).toMatchObject({
      student_billing_id: 500,
      student_fee_component_id: 950,
      qty: 1,
    });
    await screen.findByRole('button', { name: 'Ubah Biaya Seragam' });
  });

  it('withdraws a confirmation after a warning that the payments are voided', async () => {
    const paid = makeBill([makeItem(1, 'SPP', 450_000, 450_000), makeItem(2, 'Seragam', 75_000, 0)], {
      student_billing_payments: [makePayment(70, 450_000)],
    });
    const voidedPayment = makePayment(70, 450_000, {
      is_void: true,
      voided_at: '2026-08-04T02:00:00.000Z',
      voided_by: { id: 7, name: 'Siti Rahmawati' },
      void_reason: 'Salah kelas',
    });
    const voided = makeBill(
      [makeItem(1, 'SPP', 450_000, 0, { has_payments: true }), makeItem(2, 'Seragam', 75_000, 0)],
      { form_status: 0, student_billing_payments: [voidedPayment] },
    );
    const requests = installApi({
      'GET /api/student-billing/500': { body: paid },
      'POST /api/student-billing-xupdate/500': {
        body: { message: 'Konfirmasi billing berhasil dibatalkan', data: voided },
      },
    });
    renderBilling('/student-billing/show/500');
    fireEvent.click(await screen.findByRole('button', { name: 'Batalkan Konfirmasi' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/1 pembayaran billing ini akan dibatalkan \(void\) dan dikeluarkan dari total/);
    fireEvent.change(within(dialog).getByLabelText('Alasan pembatalan (opsional)'), {
      target: { value: 'Salah kelas' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }));
    await screen.findByText('Konfirmasi billing berhasil dibatalkan');
    expect(lastRequest(requests, 'POST', '/api/student-billing-xupdate/500')?.body).toEqual({
      field: 'form_status',
      value: 0,
      void_reason: 'Salah kelas',
    });
    const info = await screen.findByTestId('void-info');
    expect(info.textContent).toContain('Siti Rahmawati');
    expect(info.textContent).toContain('Salah kelas');
    screen.getByText('Dibatalkan (void)');
  });

  it('removes an item a voided payment named, asking why, and lists it under Komponen Dihapus', async () => {
    const voidedPayment = makePayment(70, 450_000, { is_void: true, voided_at: '2026-08-04T02:00:00.000Z' });
    const unconfirmed = makeBill(
      [makeItem(1, 'SPP', 450_000, 0, { has_payments: true }), makeItem(2, 'Seragam', 75_000, 0)],
      { form_status: 0, student_billing_payments: [voidedPayment] },
    );
    const removed = makeBill([makeItem(2, 'Seragam', 75_000, 0)], {
      form_status: 0,
      student_billing_payments: [voidedPayment],
      removed_items: [
        {
          id: 1,
          student_fee_component: { id: 901, name: 'SPP', fee_type: { name: 'SPP' } },
          price: 450_000,
          qty: 1,
          total_amount: 450_000,
          removed_at: '2026-08-04T03:05:00.000Z',
          removed_by: { id: 7, name: 'Siti Rahmawati' },
          removed_reason: 'Salah tambah',
        },
      ],
    });
    const requests = installApi({
      'GET /api/student-billing/500': { body: unconfirmed },
      'DELETE /api/student-billing-item/1': { body: { message: 'Data berhasil dihapus', data: removed } },
    });
    renderBilling('/student-billing/show/500');
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus SPP' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/pernah dibayar \(pembayarannya sudah dibatalkan\)/);
    fireEvent.change(within(dialog).getByLabelText('Alasan penghapusan (opsional)'), {
      target: { value: 'Salah tambah' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    const table = await screen.findByRole('table', { name: 'Komponen Dihapus' });
    expect(lastRequest(requests, 'DELETE', '/api/student-billing-item/1')?.params).toEqual({
      reason: 'Salah tambah',
    });
    const row = within(table).getByRole('row', { name: /SPP/ });
    expect(row.textContent).toContain('Siti Rahmawati');
    expect(row.textContent).toContain('Salah tambah');
    expect(row.textContent).toContain('4 Agustus 2026');
    // The last item on the bill cannot be removed.
    screen.getByRole('button', {
      name: 'Seragam tidak dapat dihapus: billing harus memiliki minimal satu komponen',
    });
  });

  it('pays with an Idempotency-Key, then opens the note of the payment', async () => {
    const requests = installApi({
      'POST /api/student-billing-pay/500': { status: 201, body: { ...makePayment(88, 525_000) } },
    });
    const router = renderBilling('/student-billing/show/500');
    fireEvent.click(await screen.findByRole('button', { name: 'Bayar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
    await screen.findByText('Pembayaran Berhasil');
    const sent = lastRequest(requests, 'POST', '/api/student-billing-pay/500');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({
      student_billing_items: [
        { id: 1, payment_amount: 450_000 },
        { id: 2, payment_amount: 75_000 },
      ],
      total_amount_payment_paid: 525_000,
      ptype: 1,
      payer_name: 'Budi Santoso',
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/student-billing/show/500/bill-show?studentBillingPaymentId=88&type=1',
      ),
    );
  });

  it('a refused payment shows the message line by line and loads the bill again', async () => {
    const requests = installApi({
      'POST /api/student-billing-pay/500': {
        status: 409,
        body: { message: 'Jumlah bayar melebihi sisa tagihan: SPP (sisa Rp 100.000), coba lagi' },
      },
    });
    renderBilling('/student-billing/show/500');
    fireEvent.click(await screen.findByRole('button', { name: 'Bayar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
    const alert = await screen.findByRole('alert', {}, {});
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'Jumlah bayar melebihi sisa tagihan: SPP (sisa Rp 100.000)\ncoba lagi',
      ),
    );
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/student-billing/500')).toHaveLength(2));
  });

  it('opens the bill PDF in a new tab with the token; a refused PDF closes the tab and says why', async () => {
    installApi({
      'GET /api/student-billing-pdf/500': { body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
      'GET /api/student-billing-pdf': {
        status: 404,
        body: new Blob([JSON.stringify({ message: 'Data tidak ditemukan' })], { type: 'application/json' }),
      },
    });
    const tab = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
    URL.revokeObjectURL = vi.fn();
    renderBilling('/student-billing/show/500');
    fireEvent.click(await screen.findByRole('button', { name: 'Billing Detail (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    fireEvent.click(button('Semua Tagihan (PDF)'));
    await screen.findByText(/Data tidak ditemukan/);
    expect(tab.close).toHaveBeenCalled();
  });

  it('says so when a bill cannot be loaded', async () => {
    installApi({ 'GET /api/student-billing/9': { status: 404, body: { message: 'Data tidak ditemukan' } } });
    renderBilling('/student-billing/show/9');
    await screen.findByRole('button', { name: 'Kembali ke Billing Siswa' });
  });
});

describe('payment history', () => {
  it('goes to the billing list without student_id and department_id', async () => {
    installApi();
    const router = renderBilling('/student-billing-payment-history-detail/siswa?student_id=50');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-billing'));
  });

  it('shows the header card and the payments, 5 a page, voided ones marked, with their documents', async () => {
    const requests = installApi({
      'GET /api/student-billing-payment': {
        body: {
          ...paged(
            [
              makePayment(70, 450_000),
              makePayment(71, 75_000, {
                is_void: true,
                voided_at: '2026-08-04T02:00:00.000Z',
                voided_by: { id: 7, name: 'Siti Rahmawati' },
                void_reason: 'Konfirmasi billing dibatalkan',
              }),
            ],
            5,
          ),
          student: { id: 50, name: 'Budi Santoso', nis: '2026001', batch: { name: 'Angkatan 2026' } },
          department: { id: 1, name: 'SD' },
        },
      },
    });
    renderBilling('/student-billing-payment-history-detail/siswa?student_id=50&department_id=1');
    await screen.findByText('Angkatan 2026');
    expect(screen.getAllByText('Budi Santoso').length).toBeGreaterThan(0);
    const params = lastRequest(requests, 'GET', '/api/student-billing-payment')?.params;
    expect(params).toMatchObject({ student_id: 50, department_id: 1, page: 1, limit: 5 });
    expect(params?.bill_date_before).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    within(cards[0] as HTMLElement).getByText('Agustus 2026');
    within(cards[0] as HTMLElement).getByText('Budi Santoso');
    within(cards[0] as HTMLElement).getByText('Terbilang: Empat Ratus Lima Puluh Ribu Rupiah');
    within(cards[1] as HTMLElement).getByText('Dibatalkan (void)');
    expect(screen.getByRole('link', { name: 'Kuitansi PAY-70' }).getAttribute('href')).toBe(
      '/student-billing/show/500/receipt-show?studentBillingPaymentId=70',
    );
    expect(screen.getByRole('link', { name: 'Nota 2 PAY-71' }).getAttribute('href')).toBe(
      '/student-billing/show/500/bill-show?studentBillingPaymentId=71&type=2',
    );
  });
});

describe('extra bill form', () => {
  it('requires a date, a component and a student, then bills the chosen students', async () => {
    saveListFilter({
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 111,
      level_id: 101,
      class_id: 1001,
      mm: '2026-08',
    });
    const requests = installApi({
      'GET /api/student-fee-component-all': {
        body: [
          {
            id: 950,
            name: 'Buku Paket',
            price: 300_000,
            mm: '2026-08',
            fee_type_id: 4,
            ftype: 1,
            fee_type: { name: 'Buku' },
          },
        ],
      },
      'GET /api/student-all': {
        body: [
          { id: 50, nis: '2026001', name: 'Budi Santoso', department_id: 1, study_status: 1 },
          { id: 51, nis: '2026002', name: 'Citra Lestari', department_id: 1, study_status: 1 },
        ],
      },
      'POST /api/student-billing-extra': {
        status: 201,
        body: { message: 'Data berhasil ditambahkan.', created: 2, ids: [600, 601] },
      },
    });
    const router = renderBilling('/student-billing/add');
    await screen.findByRole('heading', { name: 'Billing Tambahan Siswa' });
    await screen.findByText('Citra Lestari');
    fireEvent.click(button('Buat Billing Tambahan'));
    for (const message of ['Tanggal Tidak Boleh Kosong', 'Komponen Harus Dipilih', 'Siswa Harus Dipilih']) {
      await screen.findByText(message);
    }
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(lastRequest(requests, 'GET', '/api/student-fee-component-all')?.params).toMatchObject({
      department_id: 1,
      class_id: 1001,
      mm: '2026-08',
      orderby: 'id',
      sort: 'asc',
    });

    const date = screen.getByLabelText('Tanggal');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '05-08-2026' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByLabelText('Pilih Buku Paket'));
    fireEvent.click(screen.getByLabelText('Pilih semua siswa'));
    await waitFor(() => expect(screen.queryByText('Siswa Harus Dipilih')).toBeNull());
    fireEvent.click(buttonWithText('Buat Billing Tambahan'));
    await screen.findByText(/Data berhasil ditambahkan\./);
    expect(lastRequest(requests, 'POST', '/api/student-billing-extra')?.body).toEqual({
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 111,
      level_id: 101,
      class_id: 1001,
      mm: '2026-08',
      bill_date: '2026-08-05',
      student_fee_components: [950],
      students: [50, 51],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-billing'));
  });
});

describe('unknown paths', () => {
  it('unknown paths go home', async () => {
    installApi();
    const router = renderBilling('/student-billing/x/y/z');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

/** `GET /api/student/50`: Budi, in class 1A of the given year of study. */
const studentBudi = (year: { id: number; name: string }) => ({
  body: {
    id: 50,
    name: 'Budi Santoso',
    nis: '2026001',
    department_id: 1,
    department: { id: 1, name: 'SD' },
    current_class: { id: 1001, name: '1A', year_of_study: year },
  },
});

describe('Tagihan Siswa (where the student search leads)', () => {
  it("shows who the student is and their bills of their current class's year, each a link to its detail", async () => {
    const requests = installApi({
      'GET /api/student/50': studentBudi({ id: 10, name: '2025/2026' }),
    });
    renderBilling('/student-billing/student/50');
    await screen.findByText('Budi Santoso');
    screen.getByText('2026001');
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0500');
    expect(within(table).getByRole('link', { name: 'Detail BL-0500' }).getAttribute('href')).toBe(
      '/student-billing/show/500',
    );
    expect(lastRequest(requests, 'GET', '/api/ref-year-of-study-getall')?.params).toEqual({
      department_id: 1,
    });
    // The year of the current class (2025/2026), not the newest year of the department.
    expect(lastRequest(requests, 'GET', '/api/student-billing')?.params).toMatchObject({
      student_id: 50,
      department_id: 1,
      year_of_study_id: 10,
    });
    expect(screen.getByRole('link', { name: 'Riwayat Pembayaran' }).getAttribute('href')).toBe(
      '/student-billing-payment-history-detail/siswa?student_id=50&department_id=1',
    );
  });

  it('Tagih Online charges the ticked bills in one online charge (docs/online-payments.md, "Several bills")', async () => {
    const october = makeBill([makeItem(11, 'SPP', 450_000)], {
      id: 490,
      bill_number: 'BL-0490',
      mm: '2026-07',
      bill_date: '2026-07-01',
    });
    const requests = installApi({
      'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }),
      'GET /api/student-billing': { body: { ...paged([listRow(october), listRow(MAIN)]), resume: RESUME } },
      'GET /api/student-billing/490': { body: october },
      'GET /api/online-payments/channels': {
        body: { configured: true, provider: 'midtrans', channels: ['bca_va', 'qris'], simulator: false },
      },
      // An open charge of bill 490 alone is not the charge of both bills: a new one is made.
      'GET /api/online-payments': {
        body: paged([{ id: 3, student_billing_id: 490, student_billing_ids: [490], status: 'pending' }]),
      },
      'POST /api/online-payments': {
        status: 201,
        body: {
          id: 4,
          order_id: 'KEU1-A-0004',
          student_billing_id: 490,
          student_billing_ids: [490, 500],
          student_id: 50,
          provider: 'midtrans',
          channel: 'bca_va',
          amount: 975_000,
          items: [],
          va_number: '123400000004',
          bill_key: null,
          qr_string: null,
          expires_at: '2099-11-28T10:00:00.000Z',
          status: 'pending',
          provider_charge_id: 'trx-4',
          provider_transaction_id: null,
          paid_amount: null,
          fee_amount: null,
          student_billing_payment_id: null,
          flagged: false,
          flag_reason: null,
          created_at: '2026-11-27T10:00:00.000Z',
        },
      },
    });
    renderBilling('/student-billing/student/50');
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0490');
    fireEvent.click(await screen.findByRole('button', { name: 'Tagih Online' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Tagih Online: 2 billing');
    // The dialog first asks for the gateway and the open charge: wait for the form, not for the clock.
    await within(dialog).findByText(/2 billing terpilih \(BL-0490, BL-0500\)/);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'VA BCA' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Tagihan Online' }));
    expect((await within(dialog).findByTestId('online-charge-number')).textContent).toBe('123400000004');
    expect(within(dialog).getByTestId('online-charge-amount').textContent).toBe('Rp 975.000');
    expect(lastRequest(requests, 'POST', '/api/online-payments')?.body).toEqual({
      student_billing_ids: [490, 500],
      channel: 'bca_va',
    });
  });

  it('Saldo Titipan: hidden while the student never had any', async () => {
    installApi({ 'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }) });
    renderBilling('/student-billing/student/50');
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0500');
    expect(screen.queryByTestId('student-credit')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gunakan Saldo Titipan' })).toBeNull();
  });

  it('Saldo Titipan: the balance and movements, then Gunakan Saldo Titipan pays the ticked bills after a confirmation', async () => {
    const movements = [
      {
        id: 7,
        amount: 100_000,
        source: 'bank_excess',
        reference: 'payment:80',
        note: null,
        payment_id: 80,
        created_at: '2026-11-20T03:00:00.000Z',
      },
    ];
    const requests = installApi({
      'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }),
      'GET /api/student-credit': { body: { ...paged(movements), balance: 100_000 } },
      'POST /api/student-credit-spend': {
        status: 201,
        body: { ...makePayment(92, 100_000), student_billing_id: 500, ptype: 9, credit: -100_000 },
      },
    });
    const router = renderBilling('/student-billing/student/50');
    const card = await screen.findByTestId('student-credit');
    expect(within(card).getByTestId('student-credit-balance').textContent).toBe('Saldo: Rp 100.000');
    within(card).getByText('Kelebihan transfer bank');
    within(card).getByText('+Rp 100.000');
    expect(lastRequest(requests, 'GET', '/api/student-credit')?.params).toMatchObject({ student_id: 50 });
    // The ticked bill (BL-0500, Rp 525.000 owed) takes the whole balance: the dialog names that amount.
    fireEvent.click(await within(card).findByRole('button', { name: 'Gunakan Saldo Titipan' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Bayar Rp 100\.000 dari Saldo Titipan/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Gunakan' }));
    await waitFor(() => expect(router.state.location.search).toBe('?studentBillingPaymentId=92'));
    const sent = lastRequest(requests, 'POST', '/api/student-credit-spend');
    expect(sent?.body).toEqual({ student_id: 50, student_billing_ids: [500] });
    expect(sent?.headers['Idempotency-Key']).toEqual(expect.any(String));
  });

  it("Saldo Titipan: a refusal shows the server's message and pays nothing", async () => {
    installApi({
      'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }),
      'GET /api/student-credit': { body: { ...paged([]), total: 1, balance: 50_000 } },
      'POST /api/student-credit-spend': { status: 409, body: { message: 'Saldo Titipan siswa ini kosong' } },
    });
    renderBilling('/student-billing/student/50');
    const card = await screen.findByTestId('student-credit');
    fireEvent.click(await within(card).findByRole('button', { name: 'Gunakan Saldo Titipan' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/Bayar Rp 50\.000 dari Saldo Titipan/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Gunakan' }));
    await screen.findByText('Saldo Titipan siswa ini kosong');
  });

  it('ticks the bills that can be paid now and pays them in one payment, then opens its Kuitansi', async () => {
    const october = makeBill([makeItem(11, 'SPP', 450_000)], {
      id: 490,
      bill_number: 'BL-0490',
      mm: '2026-07',
      bill_date: '2026-07-01',
    });
    const paidBill = makeBill([makeItem(12, 'SPP', 450_000, 450_000)], { id: 480, bill_number: 'BL-0480' });
    const requests = installApi({
      'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }),
      'GET /api/student-billing': {
        body: { ...paged([listRow(paidBill), listRow(october), listRow(MAIN)]), resume: RESUME },
      },
      'GET /api/student-billing/490': { body: october },
      'POST /api/student-billing-pay': {
        status: 201,
        body: { ...makePayment(91, 975_000), student_billing_id: 490 },
      },
    });
    const router = renderBilling('/student-billing/student/50');
    const table = await screen.findByRole('table', { name: 'Daftar Tagihan Siswa' });
    await within(table).findByText('BL-0490');
    const tick = (number: string) =>
      within(table).getByRole('checkbox', { name: `Bayar ${number}` }) as HTMLInputElement;
    expect(tick('BL-0490').checked).toBe(true);
    expect(tick('BL-0500').checked).toBe(true);
    expect(tick('BL-0480').disabled).toBe(true);
    const form = await screen.findByRole('form', { name: 'Form Pembayaran' });
    // The counter's path: the page opens on Bayar Semua Tunggakan, which hands the focus to Jumlah Uang.
    const payAll = screen.getByRole('button', { name: 'Bayar Semua Tunggakan' });
    await waitFor(() => expect(document.activeElement).toBe(payAll));
    fireEvent.click(payAll);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Jumlah Uang')));
    // Oldest bill first, each item naming its month and bill.
    expect(
      within(form)
        .getAllByText(/Juli 2026 · BL-0490|Agustus 2026 · BL-0500/)
        .map((n) => n.textContent?.slice(0, 22)),
    ).toEqual(['Juli 2026 · BL-0490 · ', 'Agustus 2026 · BL-0500', 'Agustus 2026 · BL-0500']);
    expect(within(form).getByTestId('payment-total').textContent).toBe('Rp 975.000');
    fireEvent.click(within(form).getByRole('button', { name: 'Bayar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
    await screen.findByText('Pembayaran Berhasil');
    const sent = lastRequest(requests, 'POST', '/api/student-billing-pay');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({
      student_billing_ids: [490, 500],
      student_billing_items: [
        { id: 11, payment_amount: 450_000 },
        { id: 1, payment_amount: 450_000 },
        { id: 2, payment_amount: 75_000 },
      ],
      total_amount_payment_paid: 975_000,
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/student-billing/show/490/receipt-show?studentBillingPaymentId=91',
      ),
    );
  });

  it('short money over several bills is spread oldest first when Jumlah Uang is left', async () => {
    const july = makeBill([makeItem(11, 'SPP', 450_000)], {
      id: 490,
      bill_number: 'BL-0490',
      mm: '2026-07',
      bill_date: '2026-07-01',
    });
    installApi({
      'GET /api/student/50': studentBudi({ id: 11, name: '2026/2027' }),
      'GET /api/student-billing': { body: { ...paged([listRow(july), listRow(MAIN)]), resume: RESUME } },
      'GET /api/student-billing/490': { body: july },
    });
    renderBilling('/student-billing/student/50');
    const form = await screen.findByRole('form', { name: 'Form Pembayaran' });
    expect(within(form).getByTestId('payment-total').textContent).toBe('Rp 975.000');
    const given = within(form).getByLabelText(/Jumlah Uang/) as HTMLInputElement;
    fireEvent.change(given, { target: { value: '500.000' } });
    fireEvent.blur(given);
    const amount = (name: string, index = 0) =>
      (within(form).getAllByLabelText(`Bayar ${name}`)[index] as HTMLInputElement).value;
    await waitFor(() => expect(within(form).getByTestId('payment-total').textContent).toBe('Rp 500.000'));
    // July's SPP in full, then August's SPP in part, Kegiatan Siswa nothing.
    expect([amount('SPP', 0), amount('SPP', 1), amount('Kegiatan Siswa')]).toEqual([
      '450.000',
      '50.000',
      '0',
    ]);
  });

  it('a student who cannot be loaded: the reason, Coba lagi and Kembali', async () => {
    installApi({ 'GET /api/student/77': { status: 404, body: { message: 'Data tidak ditemukan' } } });
    renderBilling('/student-billing/student/77');
    await screen.findByText('Data siswa tidak dapat dimuat');
    screen.getByRole('button', { name: 'Coba lagi' });
  });
});
