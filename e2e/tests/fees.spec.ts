import { expect, type Page, test } from '@playwright/test';
import { classMonth, pickClassMonth } from './class-month';
import { ACCOUNTS, pick, signIn } from './helpers';

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

  // Printed, the list says which class-month it is (the filter bar stays off paper).
  const heading = `Departemen: ${place.department} · Tahun Ajaran: ${place.year} · Periode KBM: ${place.period} · Tingkat: Kelas 1 · Kelas: 1A · Bulan: ${place.free[0]}`;
  await expect(page.getByText(heading)).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(heading)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Edit a price in place: a negative one is refused with its reason, whole and readable in the cell; then
  // 475.000 typed the Indonesian way (dots between thousands) is four hundred seventy-five thousand.
  await page.getByRole('button', { name: 'Ubah Biaya SPP' }).click();
  const priceInput = page.getByLabel('Biaya SPP');
  await priceInput.fill('-5000');
  await priceInput.press('Enter');
  const refusal = page.getByRole('alert').filter({ hasText: 'Biaya tidak boleh negatif' });
  await expect(refusal).toBeVisible();
  const [messageBox, cellBox] = await Promise.all([
    refusal.boundingBox(),
    refusal.locator('xpath=ancestor::td[1]').boundingBox(),
  ]);
  if (!messageBox || !cellBox) throw new Error('no box');
  expect(messageBox.x).toBeGreaterThanOrEqual(cellBox.x);
  expect(messageBox.x + messageBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 1);
  expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(cellBox.y + cellBox.height + 1);
  await priceInput.fill('');
  await priceInput.pressSequentially('475.000');
  await expect(priceInput).toHaveValue('475.000');
  await priceInput.press('Enter');
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
  // Named per attempt: a retry runs on the database the first attempt left, where its component exists.
  const name = test.info().retry === 0 ? 'Seragam Olahraga' : `Seragam Olahraga ${test.info().retry + 1}`;
  await page.getByLabel('Nama', { exact: true }).fill(name);
  await page.getByRole('radio', { name: 'Sumbangan Sukarela' }).check();
  // Typed key by key: the dots appear as the amount grows, and 1.250.000 is saved as such (not 1.250).
  await page.getByLabel('Biaya (Rp)').fill('');
  await page.getByLabel('Biaya (Rp)').pressSequentially('1250000');
  await expect(page.getByLabel('Biaya (Rp)')).toHaveValue('1.250.000');
  await page.getByLabel('Deskripsi').fill('Satu stel kaus dan celana');
  await expect(page.getByText('Tidak Boleh Kosong')).toHaveCount(0);
  // Jatuh Tempo by keyboard: a fixed date asks for its date; back to a day of the month, saved as before.
  const dueModes = page.getByRole('radiogroup', { name: 'Jatuh Tempo' });
  await dueModes.getByRole('radio', { name: 'Setiap tanggal' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dueModes.getByRole('radio', { name: 'Tanggal tertentu' })).toBeChecked();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Tanggal Jatuh Tempo tidak boleh kosong', { exact: true })).toBeVisible();
  await dueModes.getByRole('radio', { name: 'Tanggal tertentu' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dueModes.getByRole('radio', { name: 'Setiap tanggal' })).toBeChecked();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil ditambahkan.')).toBeVisible();
  await expect(page).toHaveURL(/\/student-fee-component$/);
  // The URL changes before the list has rendered: the form, with selects of the same labels, may still show.
  await expect(page.getByRole('button', { name: 'Tambah Komponen Biaya Siswa' })).toBeVisible();

  await pickClassMonth(page, place, place.free[0]);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const row = table(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toContainText('Sumbangan Sukarela');
  await expect(row).toContainText('1.250.000');
});
