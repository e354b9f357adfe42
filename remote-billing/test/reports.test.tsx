import type {
  DiscountReport,
  Paged,
  ProspectiveBillingReport,
  StudentBillingReport,
  StudentBillingReportStudent,
} from '@keuangan/shared';
import {
  CLASS_MONTH_REFERENCES,
  choose,
  type FakeRoutes,
  installFakeApi,
  renderRoutes,
} from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import BillingRoutes from '../src/routes';

// jsdom draws no canvas: the chart module is stood in for by its accessible image.
vi.mock('../src/reports/ReportChart', () => ({
  default: ({ label, values }: { label: string; values: number[] }) => (
    <div role="img" aria-label={label} data-values={values.join(',')} />
  ),
}));

const page = <T,>(data: T[]): Paged<T> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  from: data.length ? 1 : null,
  total: data.length,
});

const money = { total_amount: 0, total_discount: 0, total_bail: 0, total_payment: 0, total_billing: 0 };
const aging = { days_0_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, arrears: 0, not_due: 0 };

const REPORT: StudentBillingReport = {
  today: '2026-11-23',
  summary: {
    ...money,
    ...aging,
    total_amount: 1_000_000,
    total_payment: 400_000,
    total_billing: 600_000,
    days_0_30: 100_000,
    days_over_90: 500_000,
    arrears: 600_000,
    billed: 1_000_000,
    paid: 400_000,
    rate_percent: 40,
    bill_count: 4,
    student_count: 2,
    received: 400_000,
    payment_count: 2,
  },
  classes: [
    {
      ...money,
      ...aging,
      class_id: 1001,
      class_name: '1A',
      level_name: 'Kelas 1',
      bill_count: 4,
      student_count: 2,
      total_amount: 1_000_000,
      arrears: 600_000,
      billed: 1_000_000,
      paid: 400_000,
      rate_percent: 40,
    },
  ],
  class_months: [
    { class_id: 1001, class_name: '1A', mm: '2026-10', billed: 1_000_000, paid: 400_000, rate_percent: 40 },
  ],
  days: [{ payment_date: '2026-10-05', payment_count: 2, amount: 400_000 }],
  payment_types: [{ ptype: 1, label: 'Cash', payment_count: 2, amount: 400_000 }],
};

const STUDENT: StudentBillingReportStudent = {
  ...aging,
  student_id: 50,
  name: 'Budi Santoso',
  nis: '2026001',
  department_id: 1,
  class_id: 1001,
  class_name: '1A',
  days_over_90: 500_000,
  arrears: 500_000,
  unpaid_bill_count: 2,
  oldest_mm: '2026-07',
  oldest_due_date: '2026-07-10',
  overdue_days: 136,
};

function renderArea(area: string) {
  renderRoutes([{ path: `${area}/*`, element: <BillingRoutes area={area} /> }], `/${area}`);
}

const studentRoutes = (report: FakeRoutes[string]): FakeRoutes => ({
  ...CLASS_MONTH_REFERENCES,
  'GET /api/report-student-billing': report,
  'GET /api/report-student-billing-students': { body: page([STUDENT]) },
});

/** The text an element's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

async function show() {
  const button = await screen.findByRole('button', { name: 'Tampilkan' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('Laporan Billing Siswa', () => {
  it('shows the first department and year at once (no Tampilkan needed): the server figures, charts and tables', async () => {
    const requests = installFakeApi(studentRoutes({ body: REPORT }));
    renderArea('report-student-billing');

    await screen.findByRole('table', { name: 'Tunggakan per Kelas' });
    const label = screen
      .getAllByText('Total Tunggakan')
      .map((element) => element.closest('.ant-descriptions-item-label'))
      .find(Boolean);
    expect(label?.nextElementSibling?.textContent).toBe('Rp 600.000');
    const request = requests.find((r) => r.url === '/api/report-student-billing');
    expect(request?.params).toEqual({ department_id: 1, year_of_study_id: 11 });

    const rate = screen.getByRole('figure', { name: 'Tingkat Penagihan per Kelas' });
    expect(
      (await within(rate).findByRole('img', { name: 'Tingkat Penagihan per Kelas' })).getAttribute(
        'data-values',
      ),
    ).toBe('40');
    expect(descriptionOf(rate)).toMatch(/1A 40%/);
    expect(descriptionOf(screen.getByRole('figure', { name: 'Diterima per Hari' }))).toMatch(
      /Rp 400\.000 diterima dalam 1 hari/,
    );

    const classes = screen.getByRole('table', { name: 'Tunggakan per Kelas' });
    within(classes).getByText('1A');
    const students = await screen.findByRole('table', { name: 'Tunggakan per Siswa' });
    expect(
      within(students).getByRole('link', { name: 'Riwayat Pembayaran Budi Santoso' }).getAttribute('href'),
    ).toBe('/student-billing-payment-history-detail/siswa?student_id=50&department_id=1');
    within(students).getByRole('button', { name: 'Semua Tagihan Budi Santoso (PDF)' });
  });

  it('ages by days past the due date, and narrows and orders Tunggakan per Siswa by days late', async () => {
    const requests = installFakeApi(studentRoutes({ body: REPORT }));
    renderArea('report-student-billing');
    const classes = await screen.findByRole('table', { name: 'Tunggakan per Kelas' });
    for (const header of ['0-30 Hari', '31-60 Hari', '61-90 Hari', '> 90 Hari']) {
      within(classes).getByRole('columnheader', { name: header });
    }
    const over90 = screen
      .getAllByText('Tunggakan > 90 Hari')
      .map((element) => element.closest('.ant-descriptions-item-label'))
      .find(Boolean);
    expect(over90?.nextElementSibling?.textContent).toBe('Rp 500.000');
    const students = await screen.findByRole('table', { name: 'Tunggakan per Siswa' });
    within(students).getByText('Terlambat 136 hari');

    fireEvent.mouseDown(screen.getByLabelText('Keterlambatan'));
    fireEvent.click(await screen.findByTitle('Terlambat > 90 hari'));
    fireEvent.mouseDown(screen.getByLabelText('Urutkan'));
    fireEvent.click(await screen.findByTitle('Terlambat terlama'));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.url === '/api/report-student-billing-students').at(-1)?.params,
      ).toMatchObject({ department_id: 1, year_of_study_id: 11, overdue_min: 91, orderby: 'overdue_days' }),
    );
  });

  it('says when the filter holds nothing', async () => {
    const empty = { ...REPORT, summary: { ...REPORT.summary, bill_count: 0 }, classes: [], days: [] };
    installFakeApi(studentRoutes({ body: empty }));
    renderArea('report-student-billing');
    await show();
    await screen.findByText('Tidak ada billing terkonfirmasi maupun pembayaran pada filter ini.');
    screen.getByText('Belum ada yang ditagihkan.');
  });

  it('shows a failure with Coba Lagi, which loads again', async () => {
    let fail = true;
    installFakeApi(
      studentRoutes(() =>
        fail ? { status: 500, body: { message: 'Terjadi kesalahan pada server' } } : { body: REPORT },
      ),
    );
    renderArea('report-student-billing');
    await show();
    await screen.findByText('Laporan tidak dapat dimuat.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    await screen.findByRole('table', { name: 'Tunggakan per Kelas' });
  });
});

describe('Laporan Billing Peserta Mutasi', () => {
  it('loads at once for the transfer events and lists who still owes', async () => {
    const report: ProspectiveBillingReport = {
      events: [
        {
          psb_event_id: 7,
          code: 'MUT-1',
          name: 'Mutasi 2026',
          department_name: 'SD',
          yoe: 2026,
          billed_count: 2,
          paid_count: 1,
          partly_paid_count: 0,
          unpaid_count: 1,
          billed: 800_000,
          received: 400_000,
          outstanding: 400_000,
        },
      ],
      totals: {
        billed_count: 2,
        paid_count: 1,
        partly_paid_count: 0,
        unpaid_count: 1,
        billed: 800_000,
        received: 400_000,
        outstanding: 400_000,
      },
    };
    const requests = installFakeApi({
      'GET /api/department': { body: page([{ id: 1, name: 'SD', sequence: 1 }]) },
      'GET /api/psb-event': { body: page([]) },
      'GET /api/report-prospective-billing': { body: report },
      'GET /api/report-prospective-billing-unpaid': {
        body: page([
          {
            psb_event_prospective_id: 9,
            reg_number: 'MUT-0001',
            name: 'Dewi Lestari',
            registration_status: 2,
            psb_event_code: 'MUT-1',
            psb_event_name: 'Mutasi 2026',
            prospective_billing_id: 90,
            bill_number: 'PB-0090',
            billed: 400_000,
            received: 0,
            outstanding: 400_000,
          },
        ]),
      },
    });
    renderArea('report-mutation-billing');
    await screen.findByRole('heading', { name: 'Laporan Billing Peserta Mutasi' });
    const unpaid = await screen.findByRole('table', { name: 'Peserta Belum Lunas' });
    within(unpaid).getByText('Data Terverifikasi');
    within(unpaid).getByText('Belum Bayar');
    expect(
      within(unpaid).getByRole('link', { name: 'Billing PB-0090 Dewi Lestari' }).getAttribute('href'),
      // A transfer prospect's bill is in Billing Peserta Mutasi.
    ).toBe('/mutation-billing/show/90');
    expect(screen.getByRole('table', { name: 'Ringkasan per Event' }).textContent).toContain(
      'MUT-1 - Mutasi 2026',
    );
    expect(requests.find((r) => r.url === '/api/report-prospective-billing')?.params).toMatchObject({
      stype: 2,
    });
  });
});

describe('Laporan Potongan', () => {
  const DISCOUNTS: DiscountReport = {
    rows: [
      {
        rule_id: 3,
        rule_name: 'Potongan Saudara Kandung',
        class_id: 1001,
        class_name: '1A',
        students: 2,
        items: 3,
        total: 75_000,
      },
    ],
    total: 75_000,
  };
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('shows the whole branch at once, then the cascade chosen; Unduh XLSX asks for the same filter', async () => {
    const requests = installFakeApi({
      ...CLASS_MONTH_REFERENCES,
      'GET /api/report-discounts': (request) => ({
        body: Object.keys(request.params).length === 0 ? DISCOUNTS : { rows: [], total: 0 },
      }),
      'GET /api/report-discounts-xlsx': {
        body: new Blob(['xlsx'], { type: XLSX }),
        headers: { 'content-type': XLSX },
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:laporan-potongan');
    URL.revokeObjectURL = vi.fn();
    renderArea('report-discounts');

    // Every filter on 'Semua': no parameter, everything of the branch.
    const table = await screen.findByRole('table', { name: 'Potongan per Aturan dan Kelas' });
    within(table).getByText('Potongan Saudara Kandung');
    screen.getByText('Total Potongan: Rp 75.000');
    expect(requests.find((r) => r.url === '/api/report-discounts')?.params).toEqual({});
    // Under a department on 'Semua' the year reads 'Semua' too, and waits for a department.
    const year = screen.getByLabelText('Tahun Ajaran');
    expect(year.closest('.ant-select')?.textContent).toBe('Semua');
    expect(year.closest('.ant-select')?.className).toContain('disabled');

    await choose('Departemen', 'SD');
    await choose('Tahun Ajaran', '2026/2027');
    await choose('Tingkat', 'Kelas 1');
    await choose('Kelas', '1A');
    await choose('Dari Bulan', 'Agustus 2026');
    // Dari Bulan's list (same months) stays in the page: Sampai Bulan's, opened last, is the last one.
    fireEvent.mouseDown(screen.getByLabelText('Sampai Bulan'));
    const october = await waitFor(() => {
      const found = screen
        .getAllByTitle('Oktober 2026')
        .filter((el) => el.matches('.ant-select-item-option'));
      expect(found).toHaveLength(2);
      return found[1] as HTMLElement;
    });
    fireEvent.click(october);
    await show();
    const chosen = {
      department_id: 1,
      year_of_study_id: 11,
      level_id: 101,
      class_id: 1001,
      mm_from: '2026-08',
      mm_to: '2026-10',
    };
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/report-discounts').at(-1)?.params).toEqual(chosen),
    );
    // Nothing for that filter: the table says so, the total is zero.
    await screen.findByText('Total Potongan: Rp 0');
    within(screen.getByRole('table', { name: 'Potongan per Aturan dan Kelas' })).getByText('Tidak ada data');

    fireEvent.click(screen.getByRole('button', { name: 'Unduh XLSX' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/api/report-discounts-xlsx')?.params).toEqual(chosen);
  });
});
