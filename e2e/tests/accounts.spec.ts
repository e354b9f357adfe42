import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

// Akun & Pemetaan end to end (docs/books.md "Keeping the chart"): an admin (a keeper of the chart, like a finance
// manager) adds an account on the screen and maps a fee type to it, sees it in the list, and maps it back: the
// database is shared with the other specs, so the fee type's mapping is restored whatever happens.

interface MappingRow {
  source: string;
  source_key: number;
  label: string;
  account_id: number | null;
  account_code: string | null;
  receivable_account_id: number | null;
}

test('Akun & Pemetaan: add an account, map a fee type to it, map it back', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const mappings = await apiGet<{ data: MappingRow[] }>(request, token, '/api/books/mappings?limit=25');
  // The last fee type on the first page: the one the other specs are least likely to bill.
  const fee = mappings.data.filter((m) => m.source === 'fee_type').at(-1) as MappingRow;
  const restore = () =>
    request.put(`${API}/api/books/mappings`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        source: 'fee_type',
        source_key: fee.source_key,
        account_id: fee.account_id,
        receivable_account_id: fee.receivable_account_id,
      },
    });
  const stamp = `${Date.now()}`.slice(-7);
  const code = `4-E${stamp}`;

  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/akun-pemetaan');
  const chart = page.getByRole('table', { name: 'Bagan Akun' });
  await expect(chart.locator('tbody tr.ant-table-row').first()).toContainText('1-1100', { timeout: 30_000 });

  // Adding: the form refuses an empty name on screen, then saves.
  await page.getByRole('button', { name: 'Tambah Akun' }).click();
  const form = page.getByRole('form', { name: 'Tambah Akun' });
  await form.getByLabel('Kode Akun').fill(code);
  await form.getByRole('button', { name: /Simpan$/ }).click();
  await expect(form.getByText('Nama akun wajib diisi')).toBeVisible();
  await form.getByLabel('Nama Akun').fill(`Pendapatan Uji ${stamp}`);
  await form.getByLabel('Jenis Akun').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Pendapatan"]').click();
  await form.getByRole('button', { name: /Simpan$/ }).click();
  await expect(page.getByText('Akun ditambahkan')).toBeVisible({ timeout: 30_000 });

  try {
    // Mapping the fee type to the new account on screen.
    const mapped = page.getByRole('table', { name: 'Pemetaan Akun' });
    await mapped.getByRole('button', { name: `Ubah pemetaan ${fee.label}`, exact: true }).click();
    const dialog = page.getByRole('form', { name: `Pemetaan Jenis Biaya: ${fee.label}` });
    await dialog.getByLabel('Akun', { exact: true }).click();
    await dialog.getByLabel('Akun', { exact: true }).fill(code);
    await page
      .locator(
        `.ant-select-dropdown:visible .ant-select-item-option[title="${code} Pendapatan Uji ${stamp}"]`,
      )
      .click();
    await dialog.getByRole('button', { name: /Simpan$/ }).click();
    await expect(page.getByText('Pemetaan disimpan')).toBeVisible({ timeout: 30_000 });
    await expect(mapped.getByRole('row', { name: new RegExp(fee.label) }).first()).toContainText(code, {
      timeout: 30_000,
    });
    const now = await apiGet<{ data: MappingRow[] }>(request, token, '/api/books/mappings?limit=25');
    expect(
      now.data.find((m) => m.source === 'fee_type' && m.source_key === fee.source_key)?.account_code,
    ).toBe(code);
  } finally {
    expect((await restore()).ok()).toBeTruthy();
  }
  const back = await apiGet<{ data: MappingRow[] }>(request, token, '/api/books/mappings?limit=25');
  expect(back.data.find((m) => m.source === 'fee_type' && m.source_key === fee.source_key)?.account_id).toBe(
    fee.account_id,
  );
});

test("Akun & Pemetaan's API refuses a finance clerk", async ({ request }) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const answer = await request.get(`${API}/api/books/chart`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
});
