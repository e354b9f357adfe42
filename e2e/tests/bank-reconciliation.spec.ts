import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

// Rekonsiliasi Bank end to end (docs/bank-reconciliation.md): the real API, the production builds, Chromium. A class
// of the test's own with two students and a confirmed bill each, made through the API as an office would; the
// template downloaded from the screen, filled with three transfers (one naming a NIS, one a name, one nobody),
// imported, the two matched lines posted; the month's figures and its XLSX follow, their bills are Lunas and the
// unknown one waits.

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Two students of a new SD class, each with one confirmed bill of this month. */
async function twoBills(request: APIRequestContext, token: string, today: string) {
  const [sd] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const years = await apiGet<{ id: number; start_date: string; end_date: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${sd?.id}`,
  );
  const year = years.find((y) => y.start_date <= today && today <= y.end_date);
  const periods = await apiGet<{ id: number; start_date: string; end_date: string }[]>(
    request,
    token,
    `/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`,
  );
  const period = periods.find((p) => p.start_date <= today && today <= p.end_date);
  const [level] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-level-getall?department_id=${sd?.id}`,
  );
  const [feeType] = await apiGet<{ id: number }[]>(request, token, '/api/ref-fee-types-getall');
  if (!sd || !year || !period || !level || !feeType)
    throw new Error('the demo data lacks the current period');
  const tag = letters(6);
  const room = await post<{ id: number }>(request, token, '/api/class', {
    department_id: sd.id,
    level_id: level.id,
    year_of_study_id: year.id,
    name: `Bank ${tag}`,
    capacity: 40,
  });
  const names = [`Andika Bank ${tag}`, `Larasati Mutasi ${letters(6)}`];
  const nisBase = `7${Date.now() % 10_000_000}`;
  const students = [];
  for (const [i, name] of names.entries()) {
    const nis = `${nisBase}${i}`;
    const made = await post<{ id: number }>(request, token, '/api/student', {
      name,
      gender_id: 1,
      department_id: sd.id,
      nis,
      yoe: Number(today.slice(0, 4)),
      class_id: room.id,
      emergency_contact_phone: '081234567890',
    });
    students.push({ id: made.id, name, nis });
  }
  const filter = {
    department_id: sd.id,
    level_id: level.id,
    year_of_study_id: year.id,
    yos_periode_id: period.id,
    class_id: room.id,
    mm: today.slice(0, 7),
  };
  await post(request, token, '/api/student-fee-component', {
    ...filter,
    fee_type_id: feeType.id,
    ftype: 1,
    name: 'SPP Bank',
    price: 425_000,
  });
  await post(request, token, '/api/student-billing-batch', filter);
  await post(request, token, '/api/student-billing-update-form-status', filter);
  const bills = await apiGet<{ data: { id: number; student_id: number; total_billing: number }[] }>(
    request,
    token,
    `/api/student-billing?department_id=${sd.id}&year_of_study_id=${year.id}&class_id=${room.id}&mm=${filter.mm}&limit=10`,
  );
  return students.map((s) => {
    const bill = bills.data.find((b) => b.student_id === s.id);
    if (!bill) throw new Error(`no bill for ${s.name}`);
    return { ...s, bill };
  });
}

test('template, import three transfers, post the two matched: their bills are Lunas, the unknown waits', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const [byNis, byName] = await twoBills(request, token, today);
  if (!byNis || !byName) throw new Error('two bills expected');

  await signIn(page, ACCOUNTS.finance);
  await page.getByRole('link', { name: 'Rekonsiliasi Bank' }).click();
  await expect(page.getByRole('heading', { name: 'Rekonsiliasi Bank', exact: true })).toBeVisible();

  // An account of the test's own, then the template from the screen.
  const account = page.getByRole('form', { name: 'Tambah Rekening Bank' });
  await account.getByLabel('Nomor Rekening').fill(`${Date.now()}`.slice(-10));
  await account.getByLabel('Nama Rekening').fill('Rekening Uji E2E');
  await account.getByRole('button', { name: 'Tambah Rekening' }).click();
  await expect(page.getByText('Rekening bank ditambahkan')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Template' }).click();
  const template = await readFile((await (await downloading).path()) as string, 'utf8');
  const [header] = template.split('\r\n');
  expect(header).toBe('Tanggal;Keterangan;Debet;Kredit;Saldo');

  const dmy = today.split('-').reverse().join('/');
  const rupiah = (n: number) => `${n.toLocaleString('id-ID')},00`;
  const unknown = `SETORAN TANPA NAMA ${letters(4).toUpperCase()}`;
  const lines = [
    `${dmy};TRF NIS ${byNis.nis} SPP;0;${rupiah(byNis.bill.total_billing)};${rupiah(5_000_000)}`,
    `${dmy};TRF DARI ${byName.name.toUpperCase()};0;${rupiah(byName.bill.total_billing)};${rupiah(5_000_000 + byName.bill.total_billing)}`,
    `${dmy};${unknown};0;${rupiah(777_000)};${rupiah(5_777_000 + byName.bill.total_billing)}`,
  ];
  await page.locator('input[type=file]').setInputFiles({
    name: 'mutasi.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...lines].join('\r\n')),
  });
  await expect(page.getByText('Mutasi diimpor: 3 baris kredit baru, 0 sudah ada')).toBeVisible();

  const matched = page.getByRole('table', { name: 'Mutasi cocok' });
  const waiting = page.getByRole('table', { name: 'Mutasi belum cocok' });
  const posted = page.getByRole('table', { name: 'Mutasi sudah diposting' });
  await expect(matched).toContainText(`NIS ${byNis.nis} tertulis di keterangan`);
  await expect(matched).toContainText(`Nama siswa ${byName.name} tertulis di keterangan`);
  await expect(waiting).toContainText(unknown);

  for (const student of [byNis, byName]) {
    await matched
      .getByRole('row', { name: new RegExp(student.name) })
      .getByRole('button', { name: 'Posting' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, Posting' }).click();
    // The first posting's toast may still show beside the second's: the newest is the last.
    await expect(page.getByText('Mutasi diposting sebagai pembayaran').last()).toBeVisible();
    await expect(posted).toContainText(student.name);
  }
  await expect(waiting).toContainText(unknown);

  // The month's figures follow the postings; its XLSX holds the three lines with their status.
  const idr = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;
  const postedSum = byNis.bill.total_billing + byName.bill.total_billing;
  const summary = page.locator('.ant-card').filter({ hasText: 'Ringkasan Bulan Ini' });
  await expect(summary).toContainText(`2 mutasi, ${idr(postedSum)}`, { timeout: 15_000 });
  await expect(summary).toContainText(`1 mutasi, ${idr(777_000)}`);
  // Opening + credits − debits is the statement's closing balance; Selisih is the credit not posted yet.
  await expect(summary).toContainText(', sesuai rekening koran');
  await expect(summary).toContainText(`Selisih (kredit belum diposting)${idr(777_000)}`);
  const exporting = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Unduh XLSX' }).click();
  const file = testInfo.outputPath((await exporting).suggestedFilename());
  await (await exporting).saveAs(file);
  expect(file).toMatch(/rekonsiliasi-bank-.*\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const statuses = new Map<string, unknown>();
  book.getWorksheet('Mutasi')?.eachRow((row) => {
    statuses.set(String(row.getCell(2).value), row.getCell(5).value);
  });
  expect(statuses.get(unknown)).toBe('Belum Cocok');
  expect(statuses.get(`TRF NIS ${byNis.nis} SPP`)).toBe('Diposting');

  for (const student of [byNis, byName]) {
    await page.goto(`/student-billing/show/${student.bill.id}`);
    await expect(page.getByText('Lunas', { exact: true })).toBeVisible();
  }
});

test('an unknown transfer assigned by search and split with a sibling, posted: both bills change', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const [elder, younger] = await twoBills(request, token, today);
  if (!elder || !younger) throw new Error('two bills expected');
  // An account of the test's own (a retry makes another), and a line naming nobody: it waits in Belum Cocok.
  const accountNumber = `${Date.now()}`.slice(-10);
  const account = await post<{ id: number }>(request, token, '/api/bank-accounts', {
    bank: 'generic',
    account_number: accountNumber,
    account_name: 'Rekening Saudara',
  });
  const unknown = `SETORAN KELUARGA ${letters(6).toUpperCase()}`;
  const amount = elder.bill.total_billing + 100_000;
  const rupiah = (n: number) => `${n.toLocaleString('id-ID')},00`;
  const file = [
    'Tanggal;Keterangan;Debet;Kredit;Saldo',
    `${today.split('-').reverse().join('/')};${unknown};0;${rupiah(amount)};${rupiah(amount)}`,
  ].join('\r\n');
  const res = await request.post(`${API}/api/bank-statement-import/${account.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'mutasi.csv', mimeType: 'text/csv', buffer: Buffer.from(file) } },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, ACCOUNTS.finance);
  await page.getByRole('link', { name: 'Rekonsiliasi Bank' }).click();
  await page.getByLabel('Rekening', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${accountNumber})` })
    .dispatchEvent('click');
  const waiting = page.getByRole('table', { name: 'Mutasi belum cocok' });
  await waiting.getByRole('button', { name: `Cari siswa untuk ${unknown}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Pilih Siswa untuk Mutasi' });

  /** A student found by name in row `n`'s picker. */
  const choose = async (n: number, name: string) => {
    await dialog.getByLabel(`Siswa ${n}`, { exact: true }).fill(name);
    const found = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name });
    await expect(found).toBeVisible({ timeout: 30_000 });
    await found.dispatchEvent('click');
  };
  await choose(1, elder.name);
  await dialog.getByLabel('Nominal 1').fill(String(elder.bill.total_billing));
  await expect(dialog.getByText('Sisa belum dibagi: Rp 100.000')).toBeVisible();
  // Not yet all of the line: Simpan is refused on the screen.
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Jumlah pembagian harus sama dengan nominal mutasi');

  await dialog.getByRole('button', { name: 'Tambah Siswa' }).click();
  await expect(dialog.getByLabel('Nominal 2')).toHaveValue('100.000');
  await choose(2, younger.name);
  await expect(dialog.getByText('Seluruh nominal sudah dibagi')).toBeVisible();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pembagian mutasi disimpan')).toBeVisible();
  await expect(dialog).toBeHidden();

  const matched = page.getByRole('table', { name: 'Mutasi cocok' });
  const row = matched.getByRole('row', { name: new RegExp(unknown) });
  await expect(row).toContainText(elder.name);
  await expect(row).toContainText(younger.name);
  await row.getByRole('button', { name: 'Posting' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, Posting' }).click();
  await expect(page.getByText('Mutasi diposting sebagai pembayaran').last()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Mutasi sudah diposting' })).toContainText(younger.name);

  // Both bills changed: the elder's paid in full, the younger's by 100.000.
  const remaining = async (billId: number) => {
    const found = await apiGet<{ id: number; total_billing: number }>(
      request,
      token,
      `/api/student-billing/${billId}`,
    );
    return found.total_billing;
  };
  expect(await remaining(elder.bill.id)).toBe(0);
  expect(await remaining(younger.bill.id)).toBe(younger.bill.total_billing - 100_000);
});
