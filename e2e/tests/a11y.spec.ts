import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { classMonth, pickClassMonth } from './class-month';
import { ACCOUNTS, apiGet, apiToken, pick, signIn } from './helpers';

/**
 * Every screen passes axe's WCAG 2 A and AA rules (0 violations). A new screen belongs in SCREENS: its
 * path and what shows once it has loaded (the scan runs on the loaded screen, not on a spinner).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectAccessible(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(found, `axe on ${name}`).toEqual([]);
}

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/', ready: (page) => page.getByTestId('total_billing_this_month') },
  {
    name: 'profile',
    path: '/profile',
    ready: (page) => page.getByLabel('Password Lama'),
  },
  { name: 'branch switch', path: '/branch-select', ready: (page) => page.getByRole('table') },
  { name: 'tentang', path: '/tentang', ready: (page) => page.getByTestId('build-receipts') },
  { name: 'staff list', path: '/employee', ready: (page) => page.locator('tbody tr.ant-table-row').first() },
  { name: 'staff add', path: '/employee/add', ready: heading('Tambah Pegawai') },
  {
    name: 'staff view',
    path: '/employee/show/1',
    ready: (page) => page.getByRole('img', { name: /^Foto / }),
  },
  { name: 'staff edit', path: '/employee/edit/1', ready: (page) => page.getByLabel('Nama', { exact: true }) },
  {
    name: 'fee component add',
    path: '/student-fee-component/add',
    ready: heading('Tambah Komponen Biaya Siswa'),
  },
  {
    name: 'rencana cicilan',
    path: '/rencana-cicilan',
    ready: (page) =>
      page.getByRole('table', { name: 'Daftar Rencana Cicilan' }).locator('tbody tr.ant-table-row').first(),
  },
  { name: 'rencana cicilan add', path: '/rencana-cicilan/add', ready: heading('Tambah Rencana Cicilan') },
  {
    name: 'billing list',
    path: '/student-billing',
    ready: (page) => page.getByRole('button', { name: 'Konfirmasi Billing' }),
  },
  { name: 'extra bill add', path: '/student-billing/add', ready: heading('Billing Tambahan Siswa') },
  {
    name: 'pengingat tagihan',
    path: '/pengingat-tagihan',
    ready: (page) =>
      page.getByRole('table', { name: 'Pengingat Tagihan' }).locator('tbody tr.ant-table-row').first(),
  },
  {
    name: 'aturan potongan',
    path: '/aturan-potongan',
    ready: (page) =>
      page.getByRole('table', { name: 'Daftar Aturan Potongan' }).locator('tbody tr.ant-table-row').first(),
  },
  { name: 'aturan potongan add', path: '/aturan-potongan/add', ready: heading('Tambah Aturan Potongan') },
  {
    name: 'laporan potongan',
    path: '/report-discounts',
    ready: (page) => page.getByRole('table', { name: 'Potongan per Aturan dan Kelas' }),
  },
  {
    name: 'laporan saldo titipan',
    path: '/report-student-credit',
    ready: (page) => page.getByRole('table', { name: 'Saldo Titipan per Siswa' }),
  },
  {
    name: 'jurnal umum',
    path: '/jurnal-umum',
    ready: (page) =>
      page.getByRole('table', { name: 'Jurnal Umum' }).locator('tbody tr.ant-table-row').first(),
  },
  {
    name: 'neraca saldo',
    path: '/neraca-saldo',
    ready: (page) =>
      page.getByRole('table', { name: 'Neraca Saldo' }).locator('tbody tr.ant-table-row').first(),
  },
  {
    name: 'prospect list',
    path: '/psb-event-prospective',
    ready: (page) => page.getByRole('table', { name: 'Daftar Calon Siswa' }),
  },
  {
    name: 'transfer prospect list',
    path: '/mutation-event-prospective',
    ready: (page) => page.getByRole('table', { name: 'Daftar Calon Siswa Pindahan' }),
  },
  { name: 'student list', path: '/student', ready: (page) => page.locator('tbody tr.ant-table-row').first() },
  { name: 'class list', path: '/class', ready: (page) => page.locator('tbody tr.ant-table-row').first() },
  { name: 'class add', path: '/class/add', ready: (page) => page.getByLabel('Nama Kelas') },
  {
    name: 'prospect billing report',
    path: '/report-prospective-billing',
    ready: (page) => page.getByRole('table', { name: 'Ringkasan per Event' }),
  },
  {
    name: 'transfer billing report',
    path: '/report-mutation-billing',
    ready: (page) => page.getByRole('table', { name: 'Ringkasan per Event' }),
  },
  {
    name: 'transfer prospect billing list',
    path: '/mutation-billing',
    ready: (page) => page.getByRole('table', { name: 'Daftar Billing Peserta Mutasi' }),
  },
  {
    name: 'daily cash recap',
    path: '/rekap-kas-harian',
    ready: (page) => page.getByRole('table', { name: 'Pembayaran hari ini' }),
  },
  {
    name: 'pembayaran online',
    path: '/pembayaran-online',
    ready: (page) => page.getByRole('table', { name: 'Daftar Pembayaran Online' }),
  },
  {
    name: 'akun & pemetaan',
    path: '/akun-pemetaan',
    ready: (page) =>
      page.getByRole('table', { name: 'Pemetaan Akun' }).locator('tbody tr.ant-table-row').first(),
  },
  {
    name: 'embed tokens',
    path: '/token-integrasi',
    ready: (page) => page.getByRole('table', { name: 'Daftar Token Integrasi' }),
  },
  {
    name: 'audit log',
    path: '/audit-log',
    ready: (page) => page.getByRole('table', { name: 'Daftar Log Audit' }),
  },
];

test('sign-in and unauthorized pages pass axe (WCAG 2 A/AA)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, '/login');
  // The validation messages too.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username Tidak Boleh Kosong')).toBeVisible();
  await expectAccessible(page, '/login with messages');

  await page.goto('/unauthorized-user');
  await expect(page.getByText(/Admin, Manager/)).toBeVisible();
  await expectAccessible(page, '/unauthorized-user');
});

test('the page shown while a stored session loads passes axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  // Hold the profile request of the next page load (the real API answers it once released).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Memuat…')).toBeVisible();
  await expectAccessible(page, 'loading a stored session');
  release();
  await expect(page.getByTestId('active_student_total')).toBeVisible();
});

// Two halves, each with its own time: a scan takes seconds on a busy machine, and the list grows with the screens.
const HALF = Math.ceil(SCREENS.length / 2);
for (const [part, screens] of [
  ['first', SCREENS.slice(0, HALF)],
  ['second', SCREENS.slice(HALF)],
] as const) {
  test(`every signed-in screen passes axe (WCAG 2 A/AA), ${part} half`, async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.ready(page), screen.name).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, screen.name);
    }
  });
}

test('Buku Besar with its lines passes axe', async ({ page, request }) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const accounts = await apiGet<{ id: number; code: string }[]>(request, token, '/api/books/accounts');
  const kas = accounts.find((a) => a.code === '1-1100');
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/buku-besar?account_id=${kas?.id}`);
  await expect(
    page.getByRole('table', { name: 'Buku Besar' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'buku besar');
});

test('the fee component list with its rows passes axe', async ({ page, request }) => {
  const place = await classMonth(request);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-fee-component');
  await pickClassMonth(page, place, place.thisMonth);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectAccessible(page, 'fee component list');
});

test('the billing screens with their data pass axe: list, bill detail, payment form, payment history', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  type Row = { id: number; form_status: number; student_id: number; department_id: number };
  const bills = await apiGet<{ data: Row[] }>(
    request,
    token,
    `/api/student-billing?department_id=${department?.id}&year_of_study_id=${year?.id}&payment_status=0&limit=100`,
  );
  const confirmed = bills.data.find((b) => b.form_status === 1);
  const unconfirmed = bills.data.find((b) => b.form_status === 0);
  if (!confirmed || !unconfirmed)
    throw new Error('the demo data lacks a confirmed and an unconfirmed unpaid bill');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectAccessible(page, 'billing list with rows');

  await page.goto(`/student-billing/show/${confirmed.id}`);
  await expect(page.getByRole('form', { name: 'Form Pembayaran' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'bill detail with the payment form');

  await page.goto(`/student-billing/show/${unconfirmed.id}`);
  await expect(page.getByText('Tidak menemukan Komponen? Buat disini')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'unconfirmed bill detail');

  await page.goto(
    `/student-billing-payment-history-detail/siswa?student_id=${confirmed.student_id}&department_id=${confirmed.department_id}`,
  );
  await expect(page.getByText('Angkatan', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'payment history');
});

test('Laporan Billing Siswa with its tables and charts passes axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/report-student-billing');
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeEnabled();
  await expectAccessible(page, 'student billing report before Tampilkan');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(
    page.getByRole('table', { name: 'Tunggakan per Kelas' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Tingkat Penagihan per Kelas' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Tunggakan per Siswa' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible();
  await expectAccessible(page, 'student billing report');
});

test('Billing Peserta PSB with its data passes axe: list, a partly paid bill with the form, a paid bill', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  type Row = { id: number; total_payment: number; total_billing: number };
  const unpaid = await apiGet<{ data: Row[] }>(
    request,
    token,
    '/api/prospective-billing?payment_status=0&limit=100',
  );
  const partly = unpaid.data.find((b) => b.total_payment > 0);
  const [paid] = (
    await apiGet<{ data: Row[] }>(request, token, '/api/prospective-billing?payment_status=1&limit=1')
  ).data;
  if (!partly || !paid) throw new Error('the demo data lacks a partly paid and a paid prospect bill');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/prospective-billing');
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'prospect billing list with rows');

  await page.goto(`/prospective-billing/show/${partly.id}`);
  await expect(page.getByRole('form', { name: 'Form Pembayaran' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page, 'prospect bill detail with history and the payment form');

  await page.goto(`/prospective-billing/show/${paid.id}`);
  await expect(page.getByTestId('bill-total-billing')).toHaveText('Rp 0', { timeout: 30_000 });
  await expectAccessible(page, 'paid prospect bill detail');
});

test('the admission show, edit and class student pages pass axe', async ({ page, request }) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [event] = (await apiGet<{ data: { yoe: number }[] }>(request, token, '/api/psb-event?stype=1')).data;
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  const firstRow = page.locator('tbody tr.ant-table-row').first();

  // A prospect of next year's intake (the list starts at this year).
  await page.goto('/psb-event-prospective');
  await pick(page, 'Tahun Masuk', String(event?.yoe));
  await firstRow.getByRole('link', { name: /^Lihat / }).click();
  await expect(page.getByText('Data Diri')).toBeVisible();
  await expectAccessible(page, 'prospect show');

  await page.goto('/student');
  await firstRow.getByRole('link', { name: /^Lihat / }).click();
  await expect(page.getByText('Data Diri')).toBeVisible();
  await expectAccessible(page, 'student show');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Nama', { exact: true })).toBeVisible();
  await expectAccessible(page, 'student edit');

  await page.goto('/class');
  await firstRow.getByRole('link', { name: /^Lihat siswa kelas / }).click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectAccessible(page, 'class students');
  await page.goto('/class');
  // The view link ('Lihat 1A'), not the students link ('Lihat siswa kelas 1A') of the same row.
  await firstRow.getByRole('link', { name: /^Lihat (?!siswa kelas )/ }).click();
  await expect(page.getByRole('heading', { name: 'View Data Kelas' })).toBeVisible();
  await expect(page.getByText('Nama Kelas')).toBeVisible();
  await expectAccessible(page, 'class view');
});

test('the printed documents pass axe: Kuitansi Siswa, Nota Siswa 2 and Kuitansi Calon Siswa', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  const paid = await apiGet<{ data: { id: number }[] }>(
    request,
    token,
    `/api/student-billing?department_id=${department?.id}&year_of_study_id=${year?.id}&payment_status=1&limit=10`,
  );
  const bill = paid.data[0];
  const detail = await apiGet<{ student_billing_payments: { id: number }[] }>(
    request,
    token,
    `/api/student-billing/${bill?.id}`,
  );
  const prospects = await apiGet<{ data: { id: number }[] }>(
    request,
    token,
    '/api/prospective-billing?stype=1&payment_status=1&limit=10',
  );
  const prospectBill = prospects.data[0];
  const prospectDetail = await apiGet<{ prospective_billing_payments: { id: number }[] }>(
    request,
    token,
    `/api/prospective-billing/${prospectBill?.id}`,
  );
  const payment = detail.student_billing_payments[0];
  const prospectPayment = prospectDetail.prospective_billing_payments[0];
  if (!bill || !payment || !prospectBill || !prospectPayment) throw new Error('the demo data lacks payments');
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  for (const [name, path] of [
    ['kuitansi siswa', `/student-billing/show/${bill.id}/receipt-show?studentBillingPaymentId=${payment.id}`],
    [
      'nota siswa 2',
      `/student-billing/show/${bill.id}/bill-show?studentBillingPaymentId=${payment.id}&type=2`,
    ],
    [
      'kuitansi calon siswa',
      `/prospective-billing/show/${prospectBill.id}/receipt-show?prospectiveBillingPaymentId=${prospectPayment.id}`,
    ],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('article').first(), name).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, name);
  }
});
