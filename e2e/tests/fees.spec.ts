import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, apiGet, apiToken, pick, signIn } from './helpers';

const MONTH_NAMES = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const monthLabel = (mm: string) => `${MONTH_NAMES[Number(mm.slice(5, 7)) - 1]} ${mm.slice(0, 4)}`;
const addMonths = (mm: string, n: number) => {
  const d = new Date(Date.UTC(Number(mm.slice(0, 4)), Number(mm.slice(5, 7)) - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

interface Period {
  start_date: string;
  end_date: string;
  periode: { name: string };
}

/**
 * Bandung, SD, the current year, the period holding today, Kelas 1, class 1A; and two consecutive months of
 * that period without components (the demo data fills only this month and last month). The demo periods
 * run from the 1st to the last day, so each month between start and end is offered.
 */
async function classMonth(request: import('@playwright/test').APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [sd] = await apiGet<{ id: number; name: string }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${sd?.id}`,
  );
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' })
    .format(new Date())
    .slice(0, 7);
  const periods = await apiGet<Period[]>(
    request,
    token,
    `/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`,
  );
  const period = periods.find(
    (p) => p.start_date.slice(0, 7) <= thisMonth && thisMonth <= p.end_date.slice(0, 7),
  );
  if (!sd || !year || !period) throw new Error('the demo data lacks the current period');
  const months: string[] = [];
  for (let m = period.start_date.slice(0, 7); m <= period.end_date.slice(0, 7); m = addMonths(m, 1))
    months.push(m);
  const free = months.filter((m) => m !== thisMonth && m !== addMonths(thisMonth, -1));
  const first = free.find((m) => free.includes(addMonths(m, 1)));
  if (!first) throw new Error('no two free months in the period');
  return {
    department: sd.name,
    year: year.name,
    period: period.periode.name,
    thisMonth: monthLabel(thisMonth),
    free: [monthLabel(first), monthLabel(addMonths(first, 1))] as const,
  };
}

async function pickClassMonth(page: Page, place: Awaited<ReturnType<typeof classMonth>>, month: string) {
  await pick(page, 'Departemen', place.department);
  await pick(page, 'Tahun Ajaran', place.year);
  await pick(page, 'Periode KBM', place.period);
  await pick(page, 'Tingkat', 'Kelas 1');
  await pick(page, 'Kelas', '1A');
  await pick(page, 'Bulan', month);
}

const table = (page: Page) => page.getByRole('table', { name: 'Daftar Komponen Biaya Siswa' });
/** The names in the Nama column, row by row. */
const names = (page: Page) => table(page).locator('tbody tr.ant-table-row td:nth-child(3)');

test('generate, edit a price in place, copy from last month, delete a selection', async ({
  page,
  request,
}) => {
  test.slow(); // one long journey through the screen, some 40 selects and dialogs
  const place = await classMonth(request);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-fee-component');
  await expect(page.getByRole('heading', { name: 'Komponen Biaya Siswa' })).toBeVisible();
  for (const name of ['Tampilkan', 'Generate Komponen', 'Copy Data Bulan Lalu']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }

  await pickClassMonth(page, place, place.free[0]);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(table(page).getByText('Tidak ada data')).toBeVisible();

  // Generate: the level's default fees.
  await page.getByRole('button', { name: 'Generate Komponen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText(/Berhasil Generate Komponen/)).toBeVisible();
  await expect(names(page)).toHaveText([
    'SPP',
    'Kegiatan Siswa',
    'Ekstrakurikuler',
    'Sumbangan Pengembangan Sekolah',
  ]);

  // Edit a price in place: spinner, then the new value.
  await page.getByRole('button', { name: 'Ubah Biaya SPP' }).click();
  await page.getByLabel('Biaya SPP').fill('475000');
  await page.getByLabel('Biaya SPP').press('Enter');
  await expect(page.getByText('Data berhasil diubah.')).toBeVisible();
  await expect(table(page).getByRole('row', { name: /SPP/ }).first()).toContainText('475.000');

  // The next month: empty, then copied from this one, edited price included.
  await pick(page, 'Bulan', place.free[1]);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(table(page).getByText('Tidak ada data')).toBeVisible();
  await page.getByRole('button', { name: 'Copy Data Bulan Lalu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText(/Berhasil Menyalin Komponen Bulan Sebelumnya/)).toContainText(
    `4 komponen disalin dari ${place.free[0]}`,
  );
  await expect(names(page)).toHaveCount(4);
  await expect(table(page).getByRole('row', { name: /SPP/ }).first()).toContainText('475.000');

  // Delete two after confirmation.
  await page.getByLabel('Pilih Kegiatan Siswa').check();
  await page.getByLabel('Pilih Ekstrakurikuler').check();
  await page.getByRole('button', { name: 'Hapus Item Terpilih (2)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Apakah Anda yakin untuk menghapus item yang terpilih ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText('Item Yang Terpilih Berhasil Dihapus.')).toBeVisible();
  await expect(names(page)).toHaveText(['SPP', 'Sumbangan Pengembangan Sekolah']);
  await expect(page.getByRole('button', { name: /Hapus Item Terpilih/ })).toHaveCount(0);

  // This month's components are on the students' bills: locked.
  await pick(page, 'Bulan', place.thisMonth);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.getByLabel('SPP sudah dibebankan ke siswa')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ubah Biaya SPP' })).toHaveCount(0);

  // The filter is kept when going to edit and back.
  await page.getByRole('link', { name: 'Ubah SPP' }).click();
  await expect(page.getByRole('heading', { name: 'Ubah Komponen Biaya Siswa' })).toBeVisible();
  await expect(
    page.getByText('Komponen ini sudah dibebankan ke siswa sehingga tidak dapat diubah.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Batal' }).click();
  await expect(page).toHaveURL(/\/student-fee-component$/);
  await expect(page.locator('.ant-select-content[title="1A"]')).toBeVisible();
  await expect(page.getByLabel('SPP sudah dibebankan ke siswa')).toBeVisible();
});

test('add a component: every required message, then a saved component', async ({ page, request }) => {
  test.slow(); // two rounds of the six selects
  const place = await classMonth(request);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-fee-component');
  await page.getByRole('button', { name: 'Tambah Komponen Biaya Siswa' }).click();
  await expect(page.getByRole('heading', { name: 'Tambah Komponen Biaya Siswa' })).toBeVisible();

  await page.getByLabel('Biaya (Rp)').fill('');
  await page.getByRole('button', { name: 'Simpan' }).click();
  for (const message of [
    'Departemen Tidak Boleh Kosong',
    'Tahun Ajaran Tidak Boleh Kosong',
    'Periode KBM Tidak Boleh Kosong',
    'Tingkat Tidak Boleh Kosong',
    'Kelas Tidak Boleh Kosong',
    'Bulan Tidak Boleh Kosong',
    'Tipe Komponen Tidak Boleh Kosong',
    'Nama tidak boleh kosong',
    'Biaya tidak boleh kosong',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await pickClassMonth(page, place, place.free[0]);
  await pick(page, 'Tipe Komponen', 'Seragam');
  await expect(page.getByLabel('Nama', { exact: true })).toHaveValue('Seragam');
  await page.getByLabel('Nama', { exact: true }).fill('Seragam Olahraga');
  await page.getByRole('radio', { name: 'Sumbangan Sukarela' }).check();
  await page.getByLabel('Biaya (Rp)').fill('185000');
  await page.getByLabel('Deskripsi').fill('Satu stel kaus dan celana');
  await expect(page.getByText('Tidak Boleh Kosong')).toHaveCount(0);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil ditambahkan.')).toBeVisible();
  await expect(page).toHaveURL(/\/student-fee-component$/);

  await pickClassMonth(page, place, place.free[0]);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const row = table(page).getByRole('row', { name: /Seragam Olahraga/ });
  await expect(row).toContainText('Sumbangan Sukarela');
  await expect(row).toContainText('185.000');
});
