// VA Tetap on Tagihan Siswa (issue 36, docs/online-payments.md "Fixed VA"): staff open a student's fixed VA at
// the simulator's Xendit, its number shows with Salin, and money the simulator pays into it is posted by the
// real callback path as a payment of the student by "Pembayaran Online", listed in Pembayaran Online's VA Tetap
// tab. Staff then close the VA with a reason; money still arriving is posted and listed as "Perlu diperiksa".
// The real API (demo data, the simulator `pnpm start` turns on), the production builds, Chromium.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

type Named = { id: number; name: string };
interface Bill {
  id: number;
  /** The list takes no form_status filter: a test keeps confirmed bills (1) itself. */
  form_status: number;
  student_id: number;
  bill_date: string;
  total_payment: number;
  total_billing: number;
}

test('VA Tetap: opened, paid into by the simulator, listed, closed with a reason; later money flagged', async ({
  page,
  request,
}) => {
  // Open, pay, list, close, pay again and list again: four screens and two callbacks on a shared machine.
  test.setTimeout(240_000);
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const departments = await get<Named[]>('/api/ref-department-getall');
  // The first department's students (the online-payments spec takes the last one's).
  const department = departments[0];
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const { data } = await get<{ data: Bill[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=desc&limit=100`,
  );
  // A student owing something today, with no fixed VA yet (a retry takes the next one) and shown in this year.
  let studentId: number | undefined;
  for (const bill of data.filter((b) => b.form_status === 1 && b.total_billing > 0 && b.bill_date <= today)) {
    const vas = await get<unknown[]>(`/api/online-payments/fixed-va?student_id=${bill.student_id}`);
    if (vas.length > 0) continue;
    const student = await get<{ current_class: { year_of_study: { id: number } } | null }>(
      `/api/student/${bill.student_id}`,
    );
    if ((student.current_class?.year_of_study.id ?? year.id) === year.id) {
      studentId = bill.student_id;
      break;
    }
  }
  if (!studentId) throw new Error('no student owing today without a fixed VA');
  const history = () =>
    get<{ total: number }>(
      `/api/student-billing-payment?student_id=${studentId}&department_id=${department.id}&limit=1`,
    );
  const before = (await history()).total;

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/student/${studentId}`);
  const card = page.getByTestId('fixed-va-card');
  await expect(card.getByRole('button', { name: 'Buat VA Tetap' })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Buat VA Tetap' }).click();
  await expect(card.getByTestId('online-charge-number')).toHaveText(/^88608\d{10}$/, { timeout: 30_000 });
  await expect(card.getByRole('button', { name: /^Salin nomor / })).toBeVisible();

  await card.getByLabel('Jumlah simulasi').fill('1000');
  await card.getByRole('button', { name: 'Simulasikan Pembayaran' }).click();
  await expect(page.getByText('Pembayaran ke VA tetap diterima dan dicatat')).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(async () => (await history()).total, { timeout: 30_000 }).toBe(before + 1);

  const vaNumber = (await card.getByTestId('online-charge-number').textContent()) ?? '';

  // Pembayaran Online, tab VA Tetap: the money with its receipt.
  await page.goto('/pembayaran-online');
  await page.getByRole('tab', { name: 'VA Tetap' }).click();
  await page.getByLabel('Cari Pembayaran VA Tetap').fill(vaNumber);
  await page.getByLabel('Cari Pembayaran VA Tetap').press('Enter');
  const list = page.getByRole('table', { name: 'Daftar Pembayaran VA Tetap' });
  await expect(list.getByRole('row').filter({ hasText: vaNumber })).toHaveCount(1, { timeout: 30_000 });
  await expect(list.getByRole('row').filter({ hasText: vaNumber })).toContainText('KWT-');

  // Closing it: the reason asked, then the card offers a new VA.
  await page.goto(`/student-billing/student/${studentId}`);
  await card.getByRole('button', { name: 'Tutup VA Tetap' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Tutup VA Tetap' });
  await dialog.getByLabel('Alasan penutupan').fill('Nomor salah diberikan');
  await dialog.getByRole('button', { name: 'Tutup VA' }).click();
  await expect(page.getByText('VA tetap ditutup')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Buat VA Tetap' })).toBeVisible({ timeout: 30_000 });
  const [closed] = await get<{ id: number; closed_at: string | null; close_reason: string }[]>(
    `/api/online-payments/fixed-va?student_id=${studentId}`,
  );
  expect(closed?.close_reason).toBe('Nomor salah diberikan');
  expect(closed?.closed_at).not.toBeNull();

  // Money still arriving on the closed VA (the simulator's callback): posted, and listed as needing a look.
  const late = await request.post(`${API}/api/online-payments/fixed-va/${closed?.id}/simulate`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: 1000 },
  });
  expect(late.ok(), `simulate answered ${late.status()}`).toBeTruthy();
  await expect.poll(async () => (await history()).total, { timeout: 30_000 }).toBe(before + 2);
  await page.goto('/pembayaran-online');
  await page.getByRole('tab', { name: 'VA Tetap' }).click();
  await page.getByLabel('Cari Pembayaran VA Tetap').fill(vaNumber);
  await page.getByLabel('Cari Pembayaran VA Tetap').press('Enter');
  await expect(list.getByRole('row').filter({ hasText: 'Perlu diperiksa' })).toHaveCount(1, {
    timeout: 30_000,
  });
});
