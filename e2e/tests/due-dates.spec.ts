import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, apiGet, apiToken, digits, monthLabel, pick, signIn } from './helpers';

/**
 * Due dates and arrears on the demo data (docs/money.md "Due dates and arrears"): the billing list shows each
 * bill's Jatuh Tempo and Terlambat, filters and orders by days late, the bill detail shows both, and the arrears
 * report ages what is owed by days past the due date, on screen and in its spreadsheet.
 */

interface Bill {
  id: number;
  bill_number: string;
  due_date: string;
  overdue_days: number;
  student: { name: string };
}
type Aging = Record<'days_0_30' | 'days_31_60' | 'days_61_90' | 'days_over_90' | 'arrears', number>;

/** '2026-10-10' as the screens write it: '10 Oktober 2026'. */
const dateLabel = (date: string) => `${Number(date.slice(8, 10))} ${monthLabel(date.slice(0, 7))}`;

/** '2026-10-10' in a narrow column: '10-10-2026'. */
const shortDate = (date: string) => date.split('-').reverse().join('-');

/** The first department and year: where the billing list and the report start. */
async function firstPlacement(request: APIRequestContext, token: string) {
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  if (!department || !year) throw new Error('the demo data lacks a department and year');
  return `department_id=${department.id}&year_of_study_id=${year.id}`;
}

async function open(page: Page, path: string) {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(path);
}

test('Billing Siswa: Jatuh Tempo and Terlambat on each bill, the overdue filter and order, the detail', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const base = await firstPlacement(request, token);
  // What the screen should show: every late bill, the longest late first.
  const late = await apiGet<{ data: Bill[]; total: number }>(
    request,
    token,
    `/api/student-billing?${base}&overdue_min=1&orderby=overdue_days&sort=desc&limit=50`,
  );
  expect(late.total, "the demo data has late bills (last month's unpaid)").toBeGreaterThan(0);
  const longest = late.data[0] as Bill;

  await open(page, '/student-billing');
  await expect(page.getByRole('heading', { name: 'Billing Siswa', exact: true })).toBeVisible();
  await pick(page, 'Keterlambatan', 'Terlambat');
  await pick(page, 'Urutkan', 'Terlambat terlama');
  await page.getByRole('button', { name: 'Tampilkan' }).click();

  const table = page.getByRole('table', { name: 'Daftar Billing Siswa' });
  await expect(table.getByRole('columnheader', { name: 'Sisa Tagihan Jatuh Tempo' })).toBeVisible();
  const first = table.locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText(longest.bill_number);
  await expect(first).toContainText(shortDate(longest.due_date));
  await expect(first.getByTitle(`Terlambat ${longest.overdue_days} hari`)).toHaveText('Terlambat');
  // Every bill listed is late: a Terlambat tag on each row, none Belum Lunas.
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(50, late.total));
  await expect(rows.filter({ hasNotText: 'Terlambat' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Belum Lunas' })).toHaveCount(0);
  // Late bills are all confirmed: nothing to confirm here.
  await expect(page.getByRole('button', { name: 'Konfirmasi Billing' })).toBeDisabled();

  // The detail says the same.
  await first.getByRole('link', { name: /^Detail / }).click();
  await expect(page.getByTestId('bill-due-date')).toHaveText(dateLabel(longest.due_date));
  await expect(page.getByText(`Terlambat ${longest.overdue_days} hari`)).toBeVisible();
});

test('Laporan Billing Siswa ages arrears by days past the due date, on screen and in the xlsx', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const base = await firstPlacement(request, token);
  const report = await apiGet<{ summary: Aging }>(request, token, `/api/report-student-billing?${base}`);
  expect(report.summary.arrears, 'the demo year has arrears').toBeGreaterThan(0);
  const longLate = await apiGet<{ data: (Aging & { name: string; overdue_days: number })[]; total: number }>(
    request,
    token,
    `/api/report-student-billing-students?${base}&overdue_min=31&orderby=overdue_days`,
  );

  await open(page, '/report-student-billing');
  await expect(page.getByRole('heading', { name: 'Laporan Billing Siswa', exact: true })).toBeVisible();
  const figure = (label: string) =>
    page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).locator('+ td');
  for (const [label, key] of [
    ['Tunggakan 0-30 Hari', 'days_0_30'],
    ['Tunggakan 31-60 Hari', 'days_31_60'],
    ['Tunggakan 61-90 Hari', 'days_61_90'],
    ['Tunggakan > 90 Hari', 'days_over_90'],
    ['Total Tunggakan', 'arrears'],
  ] as const) {
    await expect(figure(label)).toHaveText(/Rp/);
    expect(digits(await figure(label).textContent()), label).toBe(String(report.summary[key]));
  }
  const classes = page.getByRole('table', { name: 'Tunggakan per Kelas' });
  for (const header of ['0-30 Hari', '31-60 Hari', '61-90 Hari', '> 90 Hari']) {
    await expect(classes.getByRole('columnheader', { name: header })).toBeVisible();
  }

  // Tunggakan per Siswa: only students more than 30 days late, the longest late first.
  await pick(page, 'Keterlambatan', 'Terlambat > 30 hari');
  await pick(page, 'Urutkan', 'Terlambat terlama');
  const students = page.getByRole('table', { name: 'Tunggakan per Siswa' });
  const studentRows = students.locator('tbody tr.ant-table-row');
  if (longLate.total === 0) {
    await expect(students).toContainText('Tidak ada data');
  } else {
    const top = longLate.data[0] as { name: string; overdue_days: number };
    await expect(studentRows.first()).toContainText(top.name);
    await expect(studentRows.first()).toContainText(`Terlambat ${top.overdue_days} hari`);
    await expect(studentRows).toHaveCount(Math.min(10, longLate.total));
  }

  // The spreadsheet: the same buckets in Ringkasan, the student sheet narrowed like the screen.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh XLSX' }).click();
  const file = testInfo.outputPath(`aging-${(await download).suggestedFilename()}`);
  await (await download).saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const summary = book.getWorksheet('Ringkasan') as ExcelJS.Worksheet;
  const summaryValue = (label: string) => {
    let value: unknown;
    summary.eachRow((row) => {
      if (row.getCell(1).value === label) value = row.getCell(2).value;
    });
    return value;
  };
  expect(summaryValue('Tunggakan > 90 Hari')).toBe(report.summary.days_over_90);
  expect(summaryValue('Tunggakan 31-60 Hari')).toBe(report.summary.days_31_60);
  const studentSheet = book.getWorksheet('Tunggakan per Siswa') as ExcelJS.Worksheet;
  // Title, nine filter lines (Keterlambatan says the narrowing), an empty row and the header; then the students.
  expect(studentSheet.getCell('A9').value).toBe('Keterlambatan');
  expect(studentSheet.getCell('B9').value).toBe('Minimal 31 hari');
  const header = studentSheet.getRow(12).values as unknown[];
  expect(header).toContain('Hari Terlambat');
  expect(studentSheet.rowCount - 12).toBe(longLate.total);
});
