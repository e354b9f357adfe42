// The gateway's fee (docs/online-payments.md "Gateway fees"): an admin sets the QRIS fee in Pembayaran Online,
// Pengaturan; a QRIS charge paid by the simulator posts the bill's full amount, and the charge's Rincian shows the
// fee booked apart. The e2e database is shared by the specs: the settings are put back as found at the end.
// The real API (demo data, the simulator `pnpm start` turns on), the production builds, Chromium.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

type Named = { id: number; name: string };
type Fees = Record<string, { flat: number; percent: number }>;
interface Settings {
  provider: string | null;
  channels: string[];
  fees: Fees;
}
interface Bill {
  id: number;
  form_status: number;
  bill_number: string;
  total_payment: number;
  total_billing: number;
}

test('Pengaturan: a QRIS fee set by an admin is booked apart, the bill paid in full', async ({
  page,
  request,
}) => {
  test.slow(); // a save, a charge paid by the simulator, the list and its Rincian
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const found = await apiGet<Settings>(request, token, '/api/online-payments/settings');
  if (!found.provider) throw new Error('the e2e API runs with the simulator: a provider is configured');
  // A bill of the first department with nothing paid and no online charge (the other online specs take the last).
  const [department] = await apiGet<Named[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<Named[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  const { data } = await apiGet<{ data: Bill[] }>(
    request,
    token,
    `/api/student-billing?department_id=${department?.id}&year_of_study_id=${year?.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  let bill: Bill | undefined;
  for (const candidate of data.filter(
    (b) => b.form_status === 1 && b.total_payment === 0 && b.total_billing > 0,
  )) {
    const charges = await apiGet<{ total: number }>(
      request,
      token,
      `/api/online-payments?student_billing_id=${candidate.id}`,
    );
    if (charges.total === 0) {
      bill = candidate;
      break;
    }
  }
  if (!bill) throw new Error('no unpaid bill without an online charge');
  try {
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/pembayaran-online');
    await page.getByRole('tab', { name: 'Pengaturan' }).click();
    const form = page.getByRole('form', { name: 'Pengaturan Pembayaran Online' });
    const flat = form.getByLabel('Biaya tetap QRIS');
    await expect(flat).toBeVisible({ timeout: 30_000 });
    await flat.fill('1000');
    await expect(flat).toHaveValue('1.000');
    await form.getByLabel('Persentase QRIS (%)').fill('0,7');
    await form.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Simpan Pengaturan Pembayaran Online' });
    await confirm.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByText('Pengaturan pembayaran online disimpan')).toBeVisible({ timeout: 30_000 });
    const saved = await apiGet<Settings>(request, token, '/api/online-payments/settings');
    expect(saved.fees.qris).toEqual({ flat: 1000, percent: 0.7 });

    const made = await request.post(`${API}/api/online-payments`, {
      headers,
      data: { student_billing_id: bill.id, channel: 'qris' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const charge = (await made.json()) as { id: number; order_id: string; amount: number };
    const paid = await request.post(`${API}/api/online-payments/${charge.id}/simulate`, { headers });
    expect(paid.status(), await paid.text()).toBe(200);
    const fee = 1000 + Math.round((charge.amount * 70) / 10_000);

    // The bill is paid its own amount: the fee is never on it.
    const after = await apiGet<Bill>(request, token, `/api/student-billing/${bill.id}`);
    expect(after.total_payment).toBe(charge.amount);
    expect(after.total_billing).toBe(0);

    await page.getByRole('tab', { name: 'Daftar' }).click();
    const search = page.getByRole('searchbox', { name: 'Cari Pembayaran Online' });
    await search.fill(charge.order_id);
    await search.press('Enter');
    const row = page
      .getByRole('table', { name: 'Daftar Pembayaran Online' })
      .getByRole('row')
      .filter({ hasText: charge.order_id });
    await expect(row).toContainText('Dibukukan', { timeout: 30_000 });
    await row.getByRole('button', { name: `Rincian ${charge.order_id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pembayaran Online: ${charge.order_id}` });
    const shown = new Intl.NumberFormat('id-ID').format(fee);
    await expect(dialog.getByRole('row').filter({ hasText: 'Biaya Gateway (dibukukan)' })).toContainText(
      shown,
      {
        timeout: 30_000,
      },
    );
  } finally {
    const restored = await request.put(`${API}/api/online-payments/settings`, {
      headers,
      data: { provider: found.provider, channels: found.channels, fees: found.fees },
    });
    expect(restored.ok(), `settings answered ${restored.status()}`).toBeTruthy();
  }
});
