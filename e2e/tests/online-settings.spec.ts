// A branch's online-payment channels (docs/online-payments.md "Pengaturan"): an admin turns VA Permata off in
// Pembayaran Online, Pengaturan, and Tagih Online no longer offers it; then turns it back on. The e2e database is
// shared by the specs: the settings are put back as found at the end, even when a step fails.
// The real API (demo data, the simulator `pnpm start` turns on), the production builds, Chromium.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

type Named = { id: number; name: string };
interface Settings {
  provider: string | null;
  channels: string[];
  chosen: boolean;
}

/** A confirmed, unpaid bill of the admin's branch without an open online charge (its dialog offers channels). */
async function billWithoutCharge(request: APIRequestContext, token: string) {
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const [department] = await get<Named[]>('/api/ref-department-getall');
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const { data } = await get<{
    data: { id: number; bill_number: string; total_billing: number; form_status: number }[];
  }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  // The list takes no form_status filter: confirmed bills (1) are kept here.
  for (const bill of data.filter((b) => b.form_status === 1 && b.total_billing > 0)) {
    const open = await get<{ total: number }>(
      `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
    );
    if (open.total === 0) return bill;
  }
  throw new Error('no unpaid bill without an open online charge');
}

const putSettings = async (
  request: APIRequestContext,
  token: string,
  body: { provider: string; channels: string[] },
) => {
  const response = await request.put(`${API}/api/online-payments/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.ok(), `settings answered ${response.status()}`).toBeTruthy();
};

/** Pengaturan: tick or untick VA Permata, save, confirm; the toast says it was saved. */
async function setPermata(page: Page, on: boolean) {
  await page.goto('/pembayaran-online');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const form = page.getByRole('form', { name: 'Pengaturan Pembayaran Online' });
  const permata = form.getByRole('checkbox', { name: 'VA Permata' });
  await expect(permata).toBeVisible({ timeout: 30_000 });
  await permata.setChecked(on);
  await form.getByRole('button', { name: 'Simpan Pengaturan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Simpan Pengaturan Pembayaran Online' });
  await confirm.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('Pengaturan pembayaran online disimpan')).toBeVisible({ timeout: 30_000 });
  await expect(confirm).toBeHidden();
}

test('Pengaturan: an admin turns VA Permata off and Tagih Online no longer offers it', async ({
  page,
  request,
}) => {
  test.slow(); // two saves, the bill detail and its dialog
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const found = await apiGet<Settings>(request, token, '/api/online-payments/settings');
  if (!found.provider) throw new Error('the e2e API runs with the simulator: a provider is configured');
  // A run that died before its cleanup left Permata off: what it found before was with Permata on.
  const original = {
    provider: found.provider,
    channels: found.channels.includes('permata_va') ? found.channels : [...found.channels, 'permata_va'],
  };
  const bill = await billWithoutCharge(request, token);
  try {
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await setPermata(page, false);
    const saved = await apiGet<Settings>(request, token, '/api/online-payments/settings');
    expect(saved.channels).not.toContain('permata_va');
    expect(saved.chosen).toBe(true);

    await page.goto(`/student-billing/show/${bill.id}`);
    await page.getByRole('button', { name: 'Tagih Online' }).click();
    const dialog = page.getByRole('dialog', { name: `Tagih Online: ${bill.bill_number}` });
    await expect(dialog.getByRole('radio', { name: 'VA BCA' })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('radio', { name: 'VA Permata' })).toHaveCount(0);
    // The API refuses it too, and makes nothing.
    const refused = await request.post(`${API}/api/online-payments`, {
      headers: { authorization: `Bearer ${token}` },
      data: { student_billing_id: bill.id, channel: 'permata_va' },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toBe('Kanal pembayaran ini tidak diaktifkan untuk cabang ini');
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    // Turned back on, the dialog offers it again.
    await setPermata(page, true);
    await page.goto(`/student-billing/show/${bill.id}`);
    await page.getByRole('button', { name: 'Tagih Online' }).click();
    await expect(dialog.getByRole('radio', { name: 'VA Permata' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await putSettings(request, token, original);
  }
});

test('Pengaturan: an unsaved edit survives a switch to Daftar and VA Tetap, and nothing is saved', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const before = await apiGet<Settings>(request, token, '/api/online-payments/settings');
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/pembayaran-online');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const form = page.getByRole('form', { name: 'Pengaturan Pembayaran Online' });
  const permata = form.getByRole('checkbox', { name: 'VA Permata' });
  await expect(permata).toBeVisible({ timeout: 30_000 });
  const wasOn = await permata.isChecked();
  await permata.setChecked(!wasOn);
  const fee = form.getByLabel('Biaya tetap VA BCA');
  await fee.fill('4321');

  // The lists still load when shown.
  await page.getByRole('tab', { name: 'Daftar' }).click();
  await expect(page.getByRole('table', { name: 'Daftar Pembayaran Online' })).toBeVisible();
  await page.getByRole('tab', { name: 'VA Tetap' }).click();
  await expect(page.getByRole('table', { name: 'Daftar Pembayaran VA Tetap' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pengaturan' }).click();

  await expect(permata).toBeVisible();
  expect(await permata.isChecked()).toBe(!wasOn);
  await expect(fee).toHaveValue('4.321');
  const after = await apiGet<Settings>(request, token, '/api/online-payments/settings');
  expect(after).toEqual(before);
});
