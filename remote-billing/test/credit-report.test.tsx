import type { StudentCreditMovementReport, StudentCreditReport } from '@keuangan/shared';
import { CLASS_MONTH_REFERENCES, choose, installFakeApi, renderRoutes } from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const REPORT: StudentCreditReport = {
  data: [
    {
      student_id: 50,
      nis: '2026001',
      name: 'Budi Santoso',
      department_id: 1,
      department_name: 'SD',
      class_name: '1A',
      balance: 125_000,
      last_movement_at: '2026-11-20T03:00:00.000Z',
    },
  ],
  current_page: 1,
  last_page: 1,
  per_page: 20,
  from: 1,
  total: 1,
  total_balance: 125_000,
  branch_balance: 300_000,
};
const EMPTY: StudentCreditReport = { ...REPORT, data: [], from: null, total: 0, total_balance: 0 };

function renderReport() {
  const area = 'report-student-credit';
  renderRoutes(
    [
      { path: `${area}/*`, element: <BillingRoutes area={area} /> },
      { path: 'student-billing/student/:id', element: <p>Tagihan Siswa dibuka</p> },
    ],
    `/${area}`,
  );
}

describe('Laporan Saldo Titipan', () => {
  it('lists the students with credit and the totals; a name opens Tagihan Siswa', async () => {
    installFakeApi({ ...CLASS_MONTH_REFERENCES, 'GET /api/student-credit/report': { body: REPORT } });
    renderReport();
    const table = await screen.findByRole('table', { name: 'Saldo Titipan per Siswa' });
    const row = within(table).getByText('2026001').closest('tr') as HTMLElement;
    within(row).getByText('Rp 125.000');
    within(row).getByText('1A');
    // The total row under the page, and the branch's total above it.
    const total = within(table).getByText('Total').closest('tr') as HTMLElement;
    within(total).getByText('Rp 125.000');
    screen.getByText('Total Saldo Titipan Cabang: Rp 300.000');

    fireEvent.click(within(row).getByRole('link', { name: 'Tagihan Siswa Budi Santoso' }));
    await screen.findByText('Tagihan Siswa dibuka');
  });

  it('asks with the cascade and the search; nothing found says so; Unduh XLSX asks for the same filter', async () => {
    const requests = installFakeApi({
      ...CLASS_MONTH_REFERENCES,
      'GET /api/student-credit/report': (request) => ({
        body: Object.keys(request.params).every((key) => key === 'page' || key === 'limit') ? REPORT : EMPTY,
      }),
      'GET /api/student-credit/report-xlsx': {
        body: new Blob(['xlsx'], { type: XLSX }),
        headers: { 'content-type': XLSX },
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:laporan-saldo-titipan');
    URL.revokeObjectURL = vi.fn();
    renderReport();
    await screen.findByText('Budi Santoso');

    await choose('Departemen', 'SD');
    await choose('Tahun Ajaran', '2026/2027');
    await choose('Tingkat', 'Kelas 1');
    await choose('Kelas', '1A');
    const button = screen.getByRole('button', { name: 'Tampilkan' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const chosen = { department_id: 1, year_of_study_id: 11, level_id: 101, class_id: 1001 };
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/student-credit/report').at(-1)?.params).toMatchObject(
        chosen,
      ),
    );
    const table = screen.getByRole('table', { name: 'Saldo Titipan per Siswa' });
    await within(table).findByText('Tidak ada Saldo Titipan');
    expect(within(table).queryByText('Total')).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Cari Siswa' });
    fireEvent.change(search, { target: { value: ' Budi ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/student-credit/report').at(-1)?.params).toMatchObject({
        ...chosen,
        q: 'Budi',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Unduh XLSX' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/api/student-credit/report-xlsx')?.params).toEqual({
      ...chosen,
      q: 'Budi',
    });
  });

  it('lists the movements of a range of days once one end is chosen, with what came in and went out', async () => {
    const MOVEMENTS: StudentCreditMovementReport = {
      data: [
        {
          id: 7,
          created_at: '2026-11-20T03:00:00.000Z',
          student_id: 50,
          nis: '2026001',
          name: 'Budi Santoso',
          class_name: '1A',
          amount: -25_000,
          source: 'credit_spent',
          note: null,
        },
      ],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      from: 1,
      total: 1,
      total_in: 150_000,
      total_out: -25_000,
    };
    const requests = installFakeApi({
      ...CLASS_MONTH_REFERENCES,
      'GET /api/student-credit/report': { body: REPORT },
      'GET /api/student-credit/report-movements': { body: MOVEMENTS },
    });
    renderReport();
    await screen.findByText('Pilih Dari Tanggal atau Sampai Tanggal untuk melihat mutasi.');
    expect(requests.some((r) => r.url === '/api/student-credit/report-movements')).toBe(false);

    const from = screen.getByLabelText('Dari Tanggal') as HTMLInputElement;
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '01/11/2026' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    const table = await screen.findByRole('table', { name: 'Mutasi Saldo Titipan' });
    within(table).getByText('Dipakai untuk membayar tagihan');
    within(table).getByText('-Rp 25.000');
    screen.getByText('Masuk Rp 150.000 · Keluar Rp 25.000');
    expect(requests.find((r) => r.url === '/api/student-credit/report-movements')?.params).toMatchObject({
      date_from: '2026-11-01',
    });
  });
});
