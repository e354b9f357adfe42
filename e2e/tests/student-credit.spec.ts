// Saldo Titipan (issues 36 and 38, docs/money.md "Saldo Titipan"): online money for a bill paid meanwhile at the
// counter becomes the student's credit; Tagihan Siswa shows it, "Gunakan Saldo Titipan" pays another bill of the
// student from it after the confirmation, the bill turns Lunas and the Kuitansi says the credit paid it. Laporan
// Saldo Titipan lists the student with the credit and leads to their Tagihan Siswa.
// The real API (demo data, the gateway simulator `pnpm start` turns on), the production builds, Chromium.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

type Named = { id: number; name: string };
interface Bill {
  id: number;
  /** The list takes no form_status filter: a test keeps confirmed bills (1) itself. */
  form_status: number;
  student_id: number;
  bill_number: string;
  bill_date: string;
  total_payment: number;
  total_billing: number;
}
interface Detail {
  student_billing_items: { id: number; total_billing: number }[];
  student_billing_payments: { id: number; ptype: number }[];
}

/**
 * Two unpaid bills of one student of the first department, dated up to today, with nothing paid and no online
 * charge: the larger (`charged`) will become credit, the other (`spent`) is paid from it. A retry takes another
 * student (the first run's bills are paid or charged).
 */
async function studentWithTwoFreeBills(request: APIRequestContext, token: string) {
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const [department] = await get<Named[]>('/api/ref-department-getall');
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const today = new Date().toISOString().slice(0, 10);
  const { data } = await get<{ data: Bill[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  const byStudent = new Map<number, Bill[]>();
  for (const bill of data) {
    if (
      bill.form_status !== 1 ||
      bill.total_payment !== 0 ||
      bill.total_billing <= 0 ||
      bill.bill_date > today
    )
      continue;
    const charges = await get<{ total: number }>(`/api/online-payments?student_billing_id=${bill.id}`);
    if (charges.total > 0) continue;
    const bills = [...(byStudent.get(bill.student_id) ?? []), bill];
    byStudent.set(bill.student_id, bills);
    // From the middle of the list: the online payments spec takes the first and last department's ends.
    if (bills.length === 2) {
      const [charged, spent] = [...bills].sort((a, b) => b.total_billing - a.total_billing) as [Bill, Bill];
      return { studentId: bill.student_id, charged, spent };
    }
  }
  throw new Error('no student with two unpaid bills free of online charges');
}

test('Gunakan Saldo Titipan: credit from an online payment pays another bill, which turns Lunas', async ({
  page,
  request,
}) => {
  test.slow(); // a charge, a counter payment, the simulator, the page and the Kuitansi
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const headers = { authorization: `Bearer ${token}` };
  const { studentId, charged, spent } = await studentWithTwoFreeBills(request, token);

  // A VA for one bill, that bill then paid at the counter, then the VA paid: the money becomes credit.
  const made = await request.post(`${API}/api/online-payments`, {
    headers,
    data: { student_billing_id: charged.id, channel: 'bca_va' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const charge = (await made.json()) as { id: number; amount: number };
  const detail = await apiGet<Detail>(request, token, `/api/student-billing/${charged.id}`);
  const lines = detail.student_billing_items
    .filter((item) => item.total_billing > 0)
    .map((item) => ({ id: item.id, payment_amount: item.total_billing }));
  const counter = await request.post(`${API}/api/student-billing-pay/${charged.id}`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-credit-${charged.id}` },
    data: { student_billing_items: lines, ptype: 1 },
  });
  expect(counter.status(), await counter.text()).toBe(201);
  const paid = await request.post(`${API}/api/online-payments/${charge.id}/simulate`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(
      async () =>
        (await apiGet<{ balance: number }>(request, token, `/api/student-credit?student_id=${studentId}`))
          .balance,
      { timeout: 30_000 },
    )
    .toBe(charge.amount);

  await page.addInitScript(() => {
    window.print = () => {};
  });
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  // Laporan Saldo Titipan lists the student with that credit; the name opens their Tagihan Siswa.
  const student = await apiGet<{ nis: string; name: string }>(request, token, `/api/student/${studentId}`);
  await page.goto('/report-student-credit');
  const search = page.getByRole('searchbox', { name: 'Cari Siswa' });
  await search.fill(student.nis);
  await search.press('Enter');
  const report = page.getByRole('table', { name: 'Saldo Titipan per Siswa' });
  const row = report.getByRole('row').filter({ hasText: student.nis });
  await expect(row).toContainText(`Rp ${charge.amount.toLocaleString('id-ID')}`, { timeout: 60_000 });
  await expect(report.getByRole('row').filter({ hasText: 'Total' })).toBeVisible();
  await row.getByRole('link', { name: `Tagihan Siswa ${student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/student-billing/student/${studentId}$`));
  const card = page.getByTestId('student-credit');
  await expect(card.getByTestId('student-credit-balance')).toHaveText(
    `Saldo: Rp ${charge.amount.toLocaleString('id-ID')}`,
    { timeout: 60_000 },
  );
  await expect(card).toContainText('Pembayaran online untuk tagihan yang sudah dibayar');

  // Only the other bill ticked (whatever the page ticked on load): the credit pays it (it owes no more).
  const table = page.getByRole('table', { name: 'Daftar Tagihan Siswa' });
  const target = table.getByRole('checkbox', { name: `Bayar ${spent.bill_number}` });
  await expect(target).toBeEnabled({ timeout: 60_000 });
  for (const box of await table.getByRole('checkbox', { name: /^Bayar / }).all()) {
    if (!(await box.isEnabled())) continue;
    const wanted = (await box.getAttribute('aria-label')) === `Bayar ${spent.bill_number}`;
    if ((await box.isChecked()) !== wanted) await box.setChecked(wanted);
  }
  await expect(target).toBeChecked();
  await card.getByRole('button', { name: 'Gunakan Saldo Titipan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gunakan Saldo Titipan' });
  await expect(dialog).toContainText(
    `Bayar Rp ${spent.total_billing.toLocaleString('id-ID')} dari Saldo Titipan`,
  );
  await dialog.getByRole('button', { name: 'Ya, Gunakan' }).click();

  // The Kuitansi opens and names the credit; the bill is Lunas and the card shows what is left.
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(sheet).toContainText('Dibayar dari Saldo Titipan', { timeout: 60_000 });
  await expect(sheet).toContainText(`Rp ${spent.total_billing.toLocaleString('id-ID')}`);
  const after = await apiGet<Detail & { total_billing: number }>(
    request,
    token,
    `/api/student-billing/${spent.id}`,
  );
  expect(after.total_billing).toBe(0);
  expect(after.student_billing_payments.map((p) => p.ptype)).toContain(9);
  await page.goto(`/student-billing/show/${spent.id}`);
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible({ timeout: 60_000 });
  const left = await apiGet<{ balance: number }>(
    request,
    token,
    `/api/student-credit?student_id=${studentId}`,
  );
  expect(left.balance).toBe(charge.amount - spent.total_billing);
});
