/**
 * Akun & Pemetaan (docs/books.md "Keeping the chart"): the chart and the mappings as paged lists, an account added
 * through the validated form, an account with entries keeping its kind, a mapping offered only the accounts of its
 * kind, and the server's refusal of a deactivation shown.
 */
import {
  BOOKS_CHART_MESSAGES,
  type BooksAccount,
  type BooksChartAccount,
  type BooksMappingRow,
  type Paged,
} from '@keuangan/shared';
import { choose, type FakeRoutes, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BillingRoutes from '../src/routes';

const account = (
  id: number,
  code: string,
  name: string,
  kind: BooksAccount['kind'],
  has_entries = false,
) => ({
  id,
  code,
  name,
  kind,
  role: null,
  active: true,
  has_entries,
  mapped: has_entries ? 1 : 0,
});
const CHART: BooksChartAccount[] = [
  { ...account(5, '1-1100', 'Kas', 'asset', true), role: 'cash' },
  account(6, '1-1300', 'Piutang Siswa', 'asset', true),
  account(9, '4-1001', 'Pendapatan SPP', 'revenue', true),
  account(11, '4-1500', 'Pendapatan Kegiatan', 'revenue'),
];
const MAPPINGS: BooksMappingRow[] = [
  {
    source: 'fee_type',
    source_key: 1,
    label: 'SPP',
    account_id: 9,
    account_code: '4-1001',
    account_name: 'Pendapatan SPP',
    receivable_account_id: 6,
    receivable_code: '1-1300',
    receivable_name: 'Piutang Siswa',
  },
];
const paged = <T,>(data: T[]): Paged<T> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 25,
  from: 1,
  total: data.length,
});

const routes = (extra: FakeRoutes = {}): FakeRoutes => ({
  'GET /api/books/chart': { body: paged(CHART) },
  'GET /api/books/mappings': { body: paged(MAPPINGS) },
  'GET /api/books/accounts': { body: CHART },
  ...extra,
});

const renderPage = () =>
  renderRoutes(
    [{ path: 'akun-pemetaan/*', element: <BillingRoutes area="akun-pemetaan" /> }],
    '/akun-pemetaan',
  );

describe('Akun & Pemetaan', () => {
  it('lists the chart and the mappings, and adds an account only once the form is valid', async () => {
    const requests = installFakeApi(
      routes({ 'POST /api/books/chart': { status: 201, body: { message: 'Akun ditambahkan' } } }),
    );
    renderPage();
    const chart = await screen.findByRole('table', { name: 'Bagan Akun' });
    await within(chart).findByText('Pendapatan Kegiatan');
    expect(within(chart).getAllByText('Ada jurnal')).toHaveLength(3);
    const mappings = screen.getByRole('table', { name: 'Pemetaan Akun' });
    await within(mappings).findByText('4-1001 Pendapatan SPP');

    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akun' }));
    const form = await screen.findByRole('form', { name: 'Tambah Akun' });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await within(form).findByText(BOOKS_CHART_MESSAGES.codeRequired);
    expect(within(form).getByText(BOOKS_CHART_MESSAGES.nameRequired)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Kode Akun'), { target: { value: '1-1150' } });
    fireEvent.change(within(form).getByLabelText('Nama Akun'), { target: { value: 'Kas Kecil' } });
    fireEvent.click(await within(form).findByRole('button', { name: /Simpan$/ }));
    await screen.findByText('Akun ditambahkan');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: '1-1150',
      name: 'Kas Kecil',
      kind: 'asset',
    });
    // The lists are read again after the write.
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/books/chart' && r.method === 'GET')).toHaveLength(2),
    );
  });

  it('keeps the kind of an account with entries', async () => {
    installFakeApi(routes());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah akun 1-1100' }));
    const form = await screen.findByRole('form', { name: 'Ubah Akun 1-1100' });
    expect(within(form).getByLabelText('Jenis Akun').closest('.ant-select')?.className).toContain('disabled');
  });

  it('maps a fee type to a revenue account and its receivable, offering only those kinds', async () => {
    const requests = installFakeApi(
      routes({ 'PUT /api/books/mappings': { body: { message: 'Pemetaan disimpan' } } }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah pemetaan SPP' }));
    const form = await screen.findByRole('form', { name: 'Pemetaan Jenis Biaya: SPP' });
    fireEvent.mouseDown(within(form).getByLabelText('Akun'));
    await waitFor(() =>
      expect(
        document.querySelector('.ant-select-item-option[title="4-1500 Pendapatan Kegiatan"]'),
      ).toBeTruthy(),
    );
    expect(document.querySelector('.ant-select-item-option[title="1-1100 Kas"]')).toBeNull();
    await choose('Akun', '4-1500 Pendapatan Kegiatan');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Pemetaan disimpan');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      source: 'fee_type',
      source_key: 1,
      account_id: 11,
      receivable_account_id: 6,
    });
  });

  it("shows the server's refusal to deactivate a mapped account", async () => {
    installFakeApi(
      routes({
        'POST /api/books/chart/5/active': {
          status: 409,
          body: { message: BOOKS_CHART_MESSAGES.stillMapped },
        },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan akun 1-1100' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan' }));
    await screen.findByText(BOOKS_CHART_MESSAGES.stillMapped);
  });
});
