import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, apiGet, apiToken, pick, selectShowing, signIn } from './helpers';

interface Paged<T> {
  data: T[];
  total: number;
}
interface Ref {
  id: number;
  name: string;
}
interface Prospect {
  id: number;
  reg_number: string;
  name: string;
  registration_status: number;
  prospective_billing: { payment_status: number } | null;
}
interface SchoolClass {
  id: number;
  name: string;
  capacity: number;
  student_count: number;
  employee: Ref | null;
  year_of_study: Ref;
}
interface Student {
  id: number;
  name: string;
  father: string | null;
}

/** The finance account's token and the figures of its active branch (the one its screens open in). */
async function finance(request: import('@playwright/test').APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const [sd] = (await get<Paged<Ref>>('/api/department?orderby=sequence&sort=asc')).data;
  if (!sd) throw new Error('the demo data lacks SD');
  return { token, get, sd };
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr.ant-table-row');

async function openSignedIn(page: Page, path: string, heading: string) {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

test('prospects: filter, open one, change a status, export the filter as XLS', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { get, sd } = await finance(request);
  const [event] = (
    await get<Paged<{ id: number; yoe: number; code: string; name: string }>>(
      `/api/psb-event?stype=1&deptId=${sd.id}`,
    )
  ).data;
  if (!event) throw new Error('the demo data lacks an admission event');
  const filterQuery = `stype=1&deptId=${sd.id}&yoe=${event.yoe}&registration_status=1`;
  const expected = await get<Paged<Prospect>>(`/api/psb-event-prospective?${filterQuery}&limit=100`);
  expect(expected.total).toBeGreaterThan(0);

  await openSignedIn(page, '/psb-event-prospective', 'Calon Siswa');
  const list = 'Daftar Calon Siswa';
  // The entry year starts where the branch's events are (in November, next year's intake), and the list
  // shows them at once (issue 21, defect 10).
  await expect(selectShowing(page, 'Tahun Masuk')).toContainText(String(event.yoe));
  await expect(rows(page, list).first()).toBeVisible();
  await pick(page, 'Departemen', sd.name);
  await pick(page, 'Tahun Masuk', String(event.yoe));
  await pick(page, 'Status Pendaftaran', 'Data Terkirim');
  await expect(page.getByText(`1-${Math.min(5, expected.total)} dari ${expected.total} data`)).toBeVisible();
  const first = expected.data[0] as Prospect;
  await expect(rows(page, list).first()).toContainText(first.reg_number);
  await expect(rows(page, list).first()).toContainText(
    first.prospective_billing?.payment_status === 1 ? 'Lunas' : 'Belum Lunas',
  );

  // The XLS of the current filter: the same prospects, read back with exceljs.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLS' }).click();
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(file).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getRow(1).getCell(2).value).toBe('No. Registrasi');
  const numbers: unknown[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) numbers.push(row.getCell(2).value);
  });
  expect(numbers).toEqual(expected.data.map((p) => p.reg_number));

  // Open one: its show page.
  await rows(page, list)
    .first()
    .getByRole('link', { name: `Lihat ${first.name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Detail Calon Siswa' })).toBeVisible();
  await expect(page.getByText(first.reg_number, { exact: true })).toBeVisible();
  await expect(page.getByText('Data Terkirim', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali' }).click();

  // Change its status: Data Terkirim -> Data Terverifikasi; the filter (kept) no longer shows it.
  await expect(rows(page, list).first()).toContainText(first.reg_number);
  await page.getByLabel(`Status ${first.name}`).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Data Terverifikasi"]')
    .dispatchEvent('click');
  await expect(page.getByText('Data berhasil diupdate.')).toBeVisible();
  await expect(page.getByText(`dari ${expected.total - 1} data`)).toBeVisible();
  const changed = await get<Prospect>(`/api/psb-event-prospective/${first.id}`);
  expect(changed.registration_status).toBe(2);
});

test('prospects: add asks for a department first; a final status is not editable', async ({ page }) => {
  await openSignedIn(page, '/mutation-event-prospective', 'Calon Siswa Pindahan');
  const list = 'Daftar Calon Siswa Pindahan';
  await expect(rows(page, list).first()).toBeVisible();
  // A new browser context: no filter kept, no department chosen.
  await page.getByRole('button', { name: 'Tambah Calon Siswa Pindahan' }).click();
  await expect(page.getByText('Harap pilih department terlebih dahulu')).toBeVisible();
  await pick(page, 'Status Pendaftaran', 'Diterima');
  await expect(rows(page, list).first()).toContainText('Diterima');
  await expect(rows(page, list).first().getByRole('combobox')).toHaveCount(0);
  await page.goto('/mutation-event-prospective/unknown/path');
  await expect(page).toHaveURL(/\/$/);
});

test('classes: add, edit and delete a class; a class with students is not deleted', async ({
  page,
  request,
}) => {
  test.slow();
  const { get, sd } = await finance(request);
  const [year] = (await get<Paged<Ref>>(`/api/year_of_study?deptId=${sd.id}`)).data;
  if (!year) throw new Error('the demo data lacks a year of study');
  const name = `E2E-${Date.now() % 100000}`;

  await openSignedIn(page, '/class', 'Daftar Kelas');
  await pick(page, 'Departemen', sd.name);
  await page.getByRole('button', { name: 'Tambah Kelas' }).click();
  await expect(
    page.getByText('Harap pilih department, Tingkat dan Tahun Ajaran terlebih dahulu'),
  ).toBeVisible();
  await pick(page, 'Tingkat', 'Kelas 2');
  await pick(page, 'Tahun Ajaran', year.name);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const list = 'Daftar Kelas';
  await expect(rows(page, list)).toHaveCount(2);

  // Add: the form starts from the filter.
  await page.getByRole('button', { name: 'Tambah Kelas' }).click();
  await expect(page.getByRole('heading', { name: 'Tambah Kelas' })).toBeVisible();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nama Kelas Tidak Boleh Kosong')).toBeVisible();
  await expect(page.getByText('Kapasitas Tidak Boleh Kosong')).toBeVisible();
  await page.getByLabel('Nama Kelas').fill(name);
  await page.getByLabel('Kapasitas').fill('25');
  await page.getByLabel('Wali Kelas').click();
  const teacher = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(teacher).toBeVisible();
  const teacherName = await teacher.getAttribute('title');
  await teacher.dispatchEvent('click');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil ditambahkan.')).toBeVisible();
  const added = rows(page, list).filter({ hasText: name });
  await expect(added).toContainText(teacherName ?? '');
  await expect(added).toContainText('25');

  // Edit the capacity.
  await added.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Ubah Kelas' })).toBeVisible();
  await expect(page.getByLabel('Nama Kelas')).toHaveValue(name);
  await page.getByLabel('Kapasitas').fill('30');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil diubah.')).toBeVisible();
  await expect(rows(page, list).filter({ hasText: name })).toContainText('30');

  // View it.
  await rows(page, list)
    .filter({ hasText: name })
    .getByRole('link', { name: `Lihat ${name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'View Data Kelas' })).toBeVisible();
  await expect(page.getByText(teacherName ?? '', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Batal' }).click();

  // A seeded class with students is refused with the reason.
  const seeded = rows(page, list).filter({ hasText: '2A' });
  await seeded.getByRole('button', { name: 'Hapus 2A' }).click();
  await expect(
    page.getByRole('dialog').getByText('Apakah Anda yakin untuk menghapus data kelas 2A ?'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText('Kelas masih memiliki siswa sehingga tidak dapat dihapus')).toBeVisible();
  await expect(seeded).toHaveCount(1);

  // Delete the new one.
  await rows(page, list)
    .filter({ hasText: name })
    .getByRole('button', { name: `Hapus ${name}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText('Data berhasil dihapus')).toBeVisible();
  await expect(rows(page, list).filter({ hasText: name })).toHaveCount(0);
  await expect(rows(page, list)).toHaveCount(2);
});

test("classes: open a class's students; the page needs its parameters", async ({ page, request }) => {
  const { get, sd } = await finance(request);
  const classes = await get<Paged<SchoolClass>>(`/api/class?deptId=${sd.id}&q=1A&limit=100`);
  const current = classes.data.find((c) => c.employee !== null) ?? classes.data[0];
  if (!current) throw new Error('the demo data lacks class 1A');
  const students = await get<Paged<{ nis: string; name: string }>>(
    `/api/student-by-class?class_id=${current.id}&orderby=name&sort=asc&limit=5`,
  );

  await openSignedIn(page, '/class', 'Daftar Kelas');
  await page.getByLabel('Cari Kelas').fill('1A');
  await page.getByLabel('Cari Kelas').press('Enter');
  await rows(page, 'Daftar Kelas')
    .filter({ hasText: current.year_of_study.name })
    .getByRole('link', { name: 'Lihat siswa kelas 1A' })
    .first()
    .click();
  const title = `Siswa Kelas 1A ${current.year_of_study.name}`;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(rows(page, title)).toHaveCount(Math.min(5, students.total));
  await expect(rows(page, title).first()).toContainText(students.data[0]?.nis ?? '');
  await expect(page.getByText(`dari ${students.total} data`)).toBeVisible();

  await page.goto(`/class-student/${current.id}?class_id=${current.id}`);
  await expect(page).toHaveURL(/\/class$/);
});

test('students: edit a student from the list', async ({ page, request }) => {
  const { get, sd } = await finance(request);
  const [student] = (await get<Paged<Student>>(`/api/student?deptId=${sd.id}&study_status=1&limit=1`)).data;
  if (!student) throw new Error('the demo data lacks students');
  const father = `Bapak E2E ${Date.now() % 10000}`;

  await openSignedIn(page, '/student', 'Siswa');
  await pick(page, 'Departemen', sd.name);
  const list = 'Daftar Siswa';
  await expect(rows(page, list).first()).toContainText(student.name);
  await rows(page, list)
    .first()
    .getByRole('button', { name: `Edit ${student.name}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Siswa' })).toBeVisible();
  await expect(page.getByLabel('Nama', { exact: true })).toHaveValue(student.name);

  // Bad input stays in the form with its message.
  await page.getByLabel('NIK').fill('123');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('NIK harus 16 digit angka')).toBeVisible();
  await page.getByLabel('NIK').fill('3273010101170009');
  await page.getByLabel('Nama Ayah').fill(father);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil diubah.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detail Siswa' })).toBeVisible();
  await expect(page.getByText(father, { exact: true })).toBeVisible();
  expect((await get<Student>(`/api/student/${student.id}`)).father).toBe(father);
});
