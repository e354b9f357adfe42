import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, apiGet, apiToken, digits, pick, selectShowing, signIn } from './helpers';

/**
 * The Laporan reports on the demo data: each opens, shows the server's figures in its tables and charts,
 * follows a filter change, and downloads a spreadsheet whose cells hold the same figures.
 */

interface ClassRow {
  class_name: string;
  arrears: number;
  rate_percent: number | null;
}
interface StudentReport {
  summary: { arrears: number; total_billing: number; received: number };
  classes: ClassRow[];
}
interface EventRow {
  code: string;
  billed_count: number;
  received: number;
  outstanding: number;
}
interface ProspectReport {
  events: EventRow[];
  totals: { billed_count: number; received: number; outstanding: number };
}

async function open(page: Page) {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
}

/** The download a click starts, read back with exceljs. */
async function downloadBook(page: Page, button: string, path: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = path.replace(/$/, `-${(await download).suggestedFilename()}`);
  await (await download).saveAs(file);
  expect(file).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book;
}

/** A cell's value in the row whose column `key` holds `value`. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, value: unknown): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && row.getCell(column).value === value) found = row;
  });
  if (!found) throw new Error(`no row with ${String(value)} in ${sheet.name}`);
  return found;
}

async function firstPlacement(request: APIRequestContext, token: string) {
  const [department] = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    '/api/ref-department-getall',
  );
  const [year] = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  const levels = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    `/api/ref-level-getall?department_id=${department?.id}`,
  );
  if (!department || !year || levels.length === 0) throw new Error('the demo data lacks a department');
  return { department, year, levels };
}

test('Laporan Billing Siswa: figures, a level filter, the charts, a student link and the xlsx', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const { department, year, levels } = await firstPlacement(request, token);
  const base = `department_id=${department.id}&year_of_study_id=${year.id}`;
  const whole = await apiGet<StudentReport>(request, token, `/api/report-student-billing?${base}`);
  expect(whole.classes.length, 'the demo year has billed classes').toBeGreaterThan(1);
  // A level with billed classes, and fewer of them than the whole year.
  let level: { id: number; name: string } | undefined;
  let byLevel: StudentReport | undefined;
  for (const candidate of levels) {
    const r = await apiGet<StudentReport>(
      request,
      token,
      `/api/report-student-billing?${base}&level_id=${candidate.id}`,
    );
    if (r.classes.length > 0 && r.classes.length < whole.classes.length) {
      level = candidate;
      byLevel = r;
      break;
    }
  }
  if (!level || !byLevel) throw new Error('the demo data lacks a level with billed classes');

  await open(page);
  await page.goto('/report-student-billing');
  await expect(page.getByRole('heading', { name: 'Laporan Billing Siswa', exact: true })).toBeVisible();
  // Department and year start at their first option, and that report shows at once: no Tampilkan needed.
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeEnabled();

  const classTable = page.getByRole('table', { name: 'Tunggakan per Kelas' });
  const classRows = classTable.locator('tbody tr.ant-table-row');
  await expect(classRows).toHaveCount(Math.min(10, whole.classes.length));
  const totalArrears = page
    .locator('.ant-descriptions-item-label', { hasText: /^Total Tunggakan$/ })
    .locator('+ td');
  await expect(totalArrears).toHaveText(/Rp/);
  expect(digits(await totalArrears.textContent())).toBe(String(whole.summary.arrears));
  const first = whole.classes[0] as ClassRow;
  await expect(classRows.first()).toContainText(first.class_name);
  const rateChart = page.getByRole('figure', { name: 'Tingkat Penagihan per Kelas' });
  await expect(rateChart.getByRole('img', { name: 'Tingkat Penagihan per Kelas' })).toBeVisible();
  await expect(rateChart.locator('figcaption')).toContainText(first.class_name);
  await expect(page.getByRole('figure', { name: 'Diterima per Hari' }).locator('canvas')).toBeVisible();

  // Narrow to a level: the table, the totals and the chart's description follow.
  await pick(page, 'Tingkat', level.name);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(classRows).toHaveCount(Math.min(10, byLevel.classes.length));
  await expect(totalArrears).toHaveText(/Rp/);
  await expect
    .poll(async () => digits(await totalArrears.textContent()))
    .toBe(String(byLevel.summary.arrears));
  const outside = whole.classes.find((c) => !byLevel.classes.some((b) => b.class_name === c.class_name));
  if (outside) await expect(rateChart.locator('figcaption')).not.toContainText(`${outside.class_name} `);

  // The whole screen as a person sees it, kept with the run's results.
  await testInfo.attach('Laporan Billing Siswa', {
    body: await page.screenshot({ fullPage: true, path: testInfo.outputPath('student-report.png') }),
    contentType: 'image/png',
  });

  // The spreadsheet of the same filter.
  const book = await downloadBook(page, 'Unduh XLSX', testInfo.outputPath('student'));
  expect(book.worksheets.map((w) => w.name)).toEqual([
    'Ringkasan',
    'Tunggakan per Kelas',
    'Tunggakan per Siswa',
    'Penerimaan per Hari',
    'Penerimaan per Jenis',
    'Tingkat Penagihan',
  ]);
  const sheet = book.getWorksheet('Tunggakan per Kelas') as ExcelJS.Worksheet;
  expect(sheet.getCell('A1').value).toBe('Laporan Billing Siswa');
  expect(sheet.getCell('B2').value).toBe(department.name);
  expect(sheet.getCell('B5').value).toBe(level.name);
  const levelFirst = byLevel.classes[0] as ClassRow;
  const row = rowWith(sheet, 3, levelFirst.class_name);
  expect(row.getCell(15).value).toBe(levelFirst.arrears);
  expect(row.getCell(15).numFmt).toContain('Rp');
  const summary = book.getWorksheet('Ringkasan') as ExcelJS.Worksheet;
  expect(rowWith(summary, 1, 'Total Tunggakan').getCell(2).value).toBe(byLevel.summary.arrears);

  // One click from a student in arrears to their payment history.
  const studentTable = page.getByRole('table', { name: 'Tunggakan per Siswa' });
  const historyLink = studentTable.getByRole('link', { name: /^Riwayat Pembayaran / }).first();
  await expect(historyLink).toBeVisible();
  await expect(studentTable.getByRole('button', { name: /^Semua Tagihan / }).first()).toBeVisible();
  await historyLink.click();
  await expect(page).toHaveURL(
    /\/student-billing-payment-history-detail\/siswa\?student_id=\d+&department_id=\d+/,
  );
  await expect(page.getByText('Angkatan', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('Laporan Billing Peserta PSB and Mutasi: per event, an entry-year filter, the unpaid and the xlsx', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const events = await apiGet<{ data: { yoe: number }[] }>(
    request,
    token,
    '/api/psb-event?stype=1&limit=100',
  );
  const yoe = events.data[0]?.yoe;
  if (!yoe) throw new Error('the demo data lacks a PSB event');
  const expected = await apiGet<ProspectReport>(
    request,
    token,
    `/api/report-prospective-billing?stype=1&yoe=${yoe}`,
  );
  expect(expected.events.length, 'the demo intake has billed prospects').toBeGreaterThan(0);
  const unpaid = await apiGet<{ total: number }>(
    request,
    token,
    `/api/report-prospective-billing-unpaid?stype=1&yoe=${yoe}`,
  );

  await open(page);
  await page.goto('/report-prospective-billing');
  await expect(page.getByRole('heading', { name: 'Laporan Billing Peserta PSB', exact: true })).toBeVisible();
  // The report starts at the entry year of the events, and shows it without Tampilkan (issue 21, defect 10).
  await expect(selectShowing(page, 'Tahun Masuk')).toContainText(String(yoe));
  const eventRows = page
    .getByRole('table', { name: 'Ringkasan per Event' })
    .locator('tbody tr.ant-table-row');
  await expect(eventRows).toHaveCount(Math.min(10, expected.events.length));
  const firstEvent = expected.events[0] as EventRow;
  await expect(eventRows.first()).toContainText(firstEvent.code);
  const outstanding = page
    .locator('.ant-descriptions-item-label', { hasText: /^Sisa Tagihan$/ })
    .locator('+ td');
  await expect
    .poll(async () => digits(await outstanding.textContent()))
    .toBe(String(expected.totals.outstanding));
  const chart = page.getByRole('figure', { name: 'Diterima per Event' });
  await expect(chart.getByRole('img', { name: 'Diterima per Event' })).toBeVisible();
  await expect(chart.locator('figcaption')).toContainText(firstEvent.code);
  const unpaidRows = page
    .getByRole('table', { name: 'Peserta Belum Lunas' })
    .locator('tbody tr.ant-table-row');
  await expect(unpaidRows).toHaveCount(Math.min(10, unpaid.total));

  await testInfo.attach('Laporan Billing Peserta PSB', {
    body: await page.screenshot({ fullPage: true, path: testInfo.outputPath('psb-report.png') }),
    contentType: 'image/png',
  });
  const book = await downloadBook(page, 'Unduh XLSX', testInfo.outputPath('psb'));
  expect(book.worksheets.map((w) => w.name)).toEqual(['Ringkasan per Event', 'Belum Lunas']);
  const sheet = book.getWorksheet('Ringkasan per Event') as ExcelJS.Worksheet;
  expect(sheet.getCell('A1').value).toBe('Laporan Billing Peserta PSB');
  expect(sheet.getCell('B4').value).toBe(String(yoe));
  const eventRow = rowWith(sheet, 1, firstEvent.code);
  expect(eventRow.getCell(5).value).toBe(firstEvent.billed_count);
  expect(eventRow.getCell(11).value).toBe(firstEvent.outstanding);
  expect(rowWith(sheet, 2, 'Total').getCell(11).value).toBe(expected.totals.outstanding);

  // The transfer report is the same screen for the other event type.
  await page.goto('/report-mutation-billing');
  await expect(
    page.getByRole('heading', { name: 'Laporan Billing Peserta Mutasi', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ringkasan per Event' })).toBeVisible();
  const transferEvents = await apiGet<{ data: { yoe: number }[] }>(
    request,
    token,
    '/api/psb-event?stype=2&limit=100',
  );
  await expect(selectShowing(page, 'Tahun Masuk')).toContainText(String(transferEvents.data[0]?.yoe));
  const transfer = await downloadBook(page, 'Unduh XLSX', testInfo.outputPath('mutasi'));
  expect((transfer.worksheets[0] as ExcelJS.Worksheet).getCell('A1').value).toBe(
    'Laporan Billing Peserta Mutasi',
  );
});
