import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, API, apiGet, apiToken, pick, signIn } from './helpers';

// Log Audit end to end: the real API (demo data), the production builds, Chromium. A failed sign-in is
// recorded, then the admin reads it in Log Audit, filters by kind and exports the filter as XLSX.

test('a failed sign-in is recorded; an admin finds it in Log Audit by kind and exports it', async ({
  page,
  request,
}, testInfo) => {
  const tried = `audit-e2e-${Date.now()}`;
  const failed = await request.post(`${API}/api/auth/login`, {
    data: { email: tried, password: 'bukan-sandi-123' },
  });
  expect(failed.status()).toBe(401);
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const listed = await apiGet<{ total: number }>(request, token, '/api/audit-log?action=auth.login_failed');
  expect(listed.total).toBeGreaterThan(0);

  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.getByRole('link', { name: 'Log Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Log Audit', exact: true })).toBeVisible();
  // A long list: typed into, as a cashier would, then chosen.
  await page.getByLabel('Jenis', { exact: true }).click();
  await page.keyboard.type('Login gagal');
  await pick(page, 'Jenis', 'Login gagal');
  const table = page.getByRole('table', { name: 'Daftar Log Audit' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(tried);
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasNotText: 'Login gagal' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ekspor XLSX' }).click();
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.getCell('A1').value).toBe('Log Audit');
  // Readable columns: the entity's and the fields' Indonesian names, never the stored JSON.
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push([1, 2, 3, 4, 5, 6].map((n) => String(row.getCell(n).value ?? '')));
  });
  const header = rows.findIndex((row) => row[0] === 'Waktu');
  expect(rows[header]).toEqual(['Waktu', 'Pengguna', 'Jenis', 'Entitas', 'Perubahan', 'Alasan']);
  const record = rows.find((row) => row[4] === `Username: ${tried}`);
  expect(record?.[2]).toBe('Login gagal');
  expect(rows.slice(header + 1).some((row) => /[{}"]/.test(row[4] ?? ''))).toBe(false);
});

test('a finance user sees no Log Audit in the menu, and the page says it is for admins', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log Audit' })).toHaveCount(0);
  await page.goto('/audit-log');
  // The host refuses the area by the roles staff declares for it, before loading the remote.
  await expect(page.getByText('Log Audit hanya dapat dibuka oleh Super Admin, Administrator.')).toBeVisible();
});
