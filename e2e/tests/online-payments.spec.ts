// Online payments (issue 36, docs/online-payments.md "Tagih Online" and "Simulator"): staff charge a bill by BCA
// VA from its detail, the demo's gateway simulator pays it through the signed notification, the bill turns Lunas
// and its payment and Kuitansi name "Pembayaran Online" and the provider's reference; a paid bill is refused;
// Rekap Kas Harian shows the online payment apart (docs/money.md "Cash closing").
// The real API (demo data, the simulator `pnpm start` turns on), the production builds, Chromium.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { mintToken } from './embed-helpers';
import { ACCOUNTS, API, apiGet, apiToken, pick, signIn } from './helpers';
import { PORTS } from './ports';

type Named = { id: number; name: string };
interface Bill {
  id: number;
  /** The list takes no form_status filter: a test keeps confirmed bills (1) itself. */
  form_status: number;
  student_id: number;
  bill_number: string;
  total_payment: number;
  total_billing: number;
}
interface Charge {
  id: number;
  order_id: string;
  amount: number;
  va_number: string | null;
  status: string;
  provider_transaction_id: string | null;
}
interface Payment {
  id: number;
  payment_number: string;
  note: string | null;
  cashier_name: string | null;
}

/** The open dialog passes axe's WCAG 2 A and AA rules, as every screen does (a11y.spec.ts). */
async function expectDialogAccessible(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page })
    .include('.ant-modal')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`),
    `axe on ${name}`,
  ).toEqual([]);
}

/**
 * A confirmed bill of the last department with nothing paid and no online charge yet: no other spec charges
 * online there (embed.spec.ts charges in the first), and a retry takes the next such bill (the one charged before is no longer free). Staff take the newest
 * such bill, the embedded view the oldest (`from: 'oldest'`), so the two tests never share one.
 */
async function freeBill(request: APIRequestContext, from: 'newest' | 'oldest' = 'newest') {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const departments = await get<Named[]>('/api/ref-department-getall');
  const department = departments.at(-1);
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const { data } = await get<{ data: Bill[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  const free = data.filter((b) => b.form_status === 1 && b.total_payment === 0 && b.total_billing > 0);
  for (const bill of from === 'newest' ? free.reverse() : free) {
    const charges = await get<{ total: number }>(`/api/online-payments?student_billing_id=${bill.id}`);
    if (charges.total === 0) return { token, bill, place: `${department.id}/${year.id}` };
  }
  throw new Error('no unpaid bill without an online charge');
}

test('Tagih Online: a BCA VA paid by the simulator makes the bill Lunas, posted as Pembayaran Online', async ({
  page,
  request,
}) => {
  test.slow(); // two tabs, the dialog twice, the receipt and two refusals
  const { token, bill } = await freeBill(request);
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/show/${bill.id}`);
  await expect(page.getByText('Belum Lunas', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Tagih Online' }).click();
  const dialog = page.getByRole('dialog', { name: `Tagih Online: ${bill.bill_number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'VA BCA' })).toBeVisible();
  await expectDialogAccessible(page, 'Tagih Online: the channel');
  await dialog.getByRole('radio', { name: 'VA BCA' }).check();
  await dialog.getByRole('button', { name: 'Buat Tagihan Online' }).click();

  // The server's amount and the VA number, as the API keeps them.
  await expect(dialog.getByTestId('online-charge-number')).toHaveText(/^\d{6,}$/);
  const open = await apiGet<{ data: Charge[] }>(
    request,
    token,
    `/api/online-payments?student_billing_id=${bill.id}&status=pending`,
  );
  const [charge] = open.data;
  expect(open.data).toHaveLength(1);
  expect(charge?.amount).toBe(bill.total_billing);
  await expect(dialog.getByTestId('online-charge-number')).toHaveText(charge?.va_number ?? '');
  await expect(dialog.getByTestId('online-charge-amount')).toHaveText(
    `Rp ${bill.total_billing.toLocaleString('id-ID')}`,
  );
  await expect(dialog.getByText('BCA', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('online-charge-status')).toHaveText('Menunggu Pembayaran');
  await expect(dialog.getByText(/WIB$/)).toBeVisible();
  await expectDialogAccessible(page, 'Tagih Online: the charge');

  // Opened again, the dialog shows the same charge: no second one is made.
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Tagih Online' }).click();
  await expect(dialog.getByTestId('online-charge-number')).toHaveText(charge?.va_number ?? '');
  const again = await apiGet<{ total: number }>(
    request,
    token,
    `/api/online-payments?student_billing_id=${bill.id}`,
  );
  expect(again.total).toBe(1);

  // A second tab still showing the bill unpaid, for the refusal at the end.
  const stale = await page.context().newPage();
  await stale.goto(`/student-billing/show/${bill.id}`);
  await expect(stale.getByRole('button', { name: 'Tagih Online' })).toBeVisible({ timeout: 60_000 });

  await dialog.getByRole('button', { name: 'Simulasikan Pembayaran' }).click();
  await expect(page.getByText('Pembayaran online diterima dan dicatat')).toBeVisible();
  await expect(page.getByText('Lunas', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Tagih Online' })).toHaveCount(0);

  const posted = await apiGet<Charge>(request, token, `/api/online-payments/${charge?.id}`);
  expect(posted.status).toBe('posted');
  const reference = posted.provider_transaction_id ?? '';
  expect(reference).not.toBe('');
  const detail = await apiGet<{ student_billing_payments: Payment[] }>(
    request,
    token,
    `/api/student-billing/${bill.id}`,
  );
  const [payment] = detail.student_billing_payments;
  if (!payment) throw new Error('no payment posted');
  expect(payment.cashier_name).toBe('Pembayaran Online');

  // The payment history: cashier and the provider's reference.
  const card = page.getByRole('article', { name: `Pembayaran ${payment.payment_number}` });
  await expect(card).toContainText('Pembayaran Online');
  await expect(card).toContainText('Virtual Account');
  await expect(card).toContainText(reference);

  // The Kuitansi carries the provider's reference.
  await page.goto(`/student-billing/show/${bill.id}/receipt-show?studentBillingPaymentId=${payment.id}`);
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(sheet).toContainText(payment.payment_number);
  await expect(sheet).toContainText(reference);

  // A second charge of the paid bill is refused, plainly: from the stale tab, and by the API.
  const nothingDue = 'Tidak ada komponen yang belum dibayar pada tagihan ini';
  await stale.getByRole('button', { name: 'Tagih Online' }).click();
  const staleDialog = stale.getByRole('dialog', { name: `Tagih Online: ${bill.bill_number}` });
  await staleDialog.getByRole('radio', { name: 'VA BCA' }).check();
  await staleDialog.getByRole('button', { name: 'Buat Tagihan Online' }).click();
  await expect(stale.getByText(nothingDue)).toBeVisible();
  const refused = await request.post(`${API}/api/online-payments`, {
    headers: { authorization: `Bearer ${token}` },
    data: { student_billing_id: bill.id, channel: 'bca_va' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(nothingDue);
});

test('Pembayaran Online: filtered by channel, a charge shows its notifications and Periksa Status', async ({
  page,
  request,
}) => {
  // A QRIS charge made and paid through the API (the simulator sends the signed notification), then read on screen.
  const { token, bill } = await freeBill(request);
  const headers = { authorization: `Bearer ${token}` };
  const made = await request.post(`${API}/api/online-payments`, {
    headers,
    data: { student_billing_id: bill.id, channel: 'qris' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const charge = (await made.json()) as Charge;
  const paid = await request.post(`${API}/api/online-payments/${charge.id}/simulate`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/pembayaran-online');
  await pick(page, 'Kanal', 'QRIS');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const search = page.getByRole('searchbox', { name: 'Cari Pembayaran Online' });
  await search.fill(charge.order_id);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Daftar Pembayaran Online' });
  const row = table.getByRole('row').filter({ hasText: charge.order_id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dibukukan');
  await expect(row).toContainText('QRIS');

  await row.getByRole('button', { name: `Rincian ${charge.order_id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pembayaran Online: ${charge.order_id}` });
  const timeline = dialog.getByLabel('Riwayat Notifikasi');
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Dibukukan sebagai pembayaran');
  await expectDialogAccessible(page, 'Pembayaran Online: Rincian');

  // Asked again, the provider says the same: posted once, nothing more.
  await dialog.getByRole('button', { name: 'Periksa Status' }).click();
  await expect(dialog.getByRole('button', { name: 'Periksa Status' })).toBeEnabled();
  await expect(dialog).toContainText('Dibukukan');
  const detail = await apiGet<{ student_billing_payments: Payment[] }>(
    request,
    token,
    `/api/student-billing/${bill.id}`,
  );
  expect(detail.student_billing_payments).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(dialog).toBeHidden();

  // Rekap Kas Harian of today shows it under Pembayaran Online, never in the cashier's (the charge maker's) own.
  const [payment] = detail.student_billing_payments;
  await page.goto('/rekap-kas-harian');
  const online = page.getByRole('table', { name: 'Pembayaran online hari ini' });
  await expect(online.getByRole('row').filter({ hasText: payment?.payment_number ?? '-' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cash-day-online')).toContainText('QRIS');
  const desk = page.getByRole('table', { name: 'Pembayaran hari ini' });
  await expect(desk.getByRole('row').filter({ hasText: payment?.payment_number ?? '-' })).toHaveCount(0);
});

test('Bayar Online in the embedded view: a pay token (a portal) charges by QRIS, the simulator pays, Lunas', async ({
  page,
  request,
}) => {
  const { token: session, bill, place } = await freeBill(request, 'oldest');
  // A parents' portal: billing:pay for this student, no cashier (no counter form).
  const { token } = await mintToken(request, session, { scope: 'billing:pay', studentId: bill.student_id });
  const akademik = `http://127.0.0.1:${PORTS.akademik}/akademik`;
  await page.goto(`${akademik}/siswa/${bill.student_id}/${place}/student-billing/show/${bill.id}`);
  await expect(page.getByRole('heading', { name: 'Akademik', level: 1 })).toBeVisible();
  await page.getByLabel('Token Keuangan').fill(token);
  await page.getByLabel('Izinkan pembayaran').check();
  const view = page.getByTestId('billing-view');
  await expect(view.getByText('Rincian Biaya')).toBeVisible({ timeout: 30_000 });
  await expect(view.getByText('Form Pembayaran')).toHaveCount(0);

  await view.getByRole('button', { name: 'Bayar Online' }).click();
  const dialog = page.getByRole('dialog', { name: `Bayar Online: ${bill.bill_number}` });
  await dialog.getByRole('radio', { name: 'QRIS' }).check();
  await dialog.getByRole('button', { name: 'Buat Tagihan Online' }).click();
  await expect(dialog.getByRole('img', { name: /^Kode QRIS untuk / })).toBeVisible();
  // The server's amount, whatever the page might have wished.
  await expect(dialog.getByTestId('online-charge-amount')).toHaveText(
    `Rp ${bill.total_billing.toLocaleString('id-ID')}`,
  );
  await expectDialogAccessible(page, 'Bayar Online: the charge');

  // Closed and opened again: the same charge, not a second.
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toBeHidden();
  await view.getByRole('button', { name: 'Bayar Online' }).click();
  await expect(dialog.getByRole('img', { name: /^Kode QRIS untuk / })).toBeVisible();
  const charges = await apiGet<{ total: number; data: Charge[] }>(
    request,
    session,
    `/api/online-payments?student_billing_id=${bill.id}`,
  );
  expect(charges.total).toBe(1);

  await dialog.getByRole('button', { name: 'Simulasikan Pembayaran' }).click();
  await expect(page.getByText('Pembayaran online diterima dan dicatat')).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId('bill-total-billing')).toHaveText('Rp 0', { timeout: 30_000 });
  await expect(view.getByText('Lunas', { exact: true })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Bayar Online' })).toHaveCount(0);
  // The embedding page heard of it as of any payment.
  await expect(page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem')).toHaveText(
    new RegExp(`^payment-made #\\d+ ${bill.total_billing}$`),
  );
  const posted = await apiGet<Charge>(request, session, `/api/online-payments/${charges.data[0]?.id}`);
  expect(posted.status).toBe('posted');
});

test('Tagih Online on Tagihan Siswa: the ticked bills in one charge, paid by the simulator, each Lunas', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  // A student of the last department with two or more bills free of payments and online charges (retry-safe:
  // a retry finds the next such student, the first one's bills being charged or paid).
  const departments = await get<Named[]>('/api/ref-department-getall');
  const department = departments.at(-1);
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const { data } = await get<{ data: (Bill & { bill_date: string })[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  // Only bills dated up to today are ticked on Tagihan Siswa (a later month's bill cannot be paid yet).
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const byStudent = new Map<number, Bill[]>();
  for (const bill of data.filter(
    (b) => b.form_status === 1 && b.total_payment === 0 && b.total_billing > 0 && b.bill_date <= today,
  )) {
    const charged = await get<{ total: number }>(`/api/online-payments?student_billing_id=${bill.id}`);
    if (charged.total === 0)
      byStudent.set(bill.student_id, [...(byStudent.get(bill.student_id) ?? []), bill]);
  }
  // Tagihan Siswa shows the student's own department and the year of their current class (else the department's
  // first year), and ticks every bill of it that can be paid now: take a student whose ticked bills are exactly
  // free ones, two or more, asking the API what the page will show (an earlier spec may have moved a student).
  let studentId: number | undefined;
  let shownPayable: number[] = [];
  for (const [id, bills] of byStudent) {
    if (bills.length < 2) continue;
    const student = await get<{
      department_id: number;
      current_class: { year_of_study: { id: number } } | null;
    }>(`/api/student/${id}`);
    const [firstYear] = await get<Named[]>(
      `/api/ref-year-of-study-getall?department_id=${student.department_id}`,
    );
    const shownYear = student.current_class?.year_of_study.id ?? firstYear?.id;
    const shown = await get<{
      data: (Bill & { bill_date: string; payment_status: number })[];
    }>(
      `/api/student-billing?department_id=${student.department_id}&year_of_study_id=${shownYear}&student_id=${id}&limit=50`,
    );
    const payable = shown.data.filter(
      (b) => b.form_status === 1 && b.payment_status !== 1 && b.bill_date <= today,
    );
    const free = new Set(bills.map((b) => b.id));
    if (payable.length >= 2 && payable.every((b) => free.has(b.id))) {
      studentId = id;
      shownPayable = payable.map((b) => b.id);
      break;
    }
  }
  if (!studentId) throw new Error('no student with two free bills shown on Tagihan Siswa');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/student/${studentId}`);
  const table = page.getByRole('table', { name: 'Daftar Tagihan Siswa' });
  // Each bill's own tick ("Bayar BL-…"), not the header's select-all.
  const tickedBills = table.getByRole('checkbox', { name: /^Bayar /, checked: true });
  await expect(tickedBills.first()).toBeVisible({ timeout: 30_000 });
  await expect(tickedBills).toHaveCount(shownPayable.length, { timeout: 30_000 });
  const ticked = shownPayable.length;

  await page.getByRole('button', { name: 'Tagih Online' }).click();
  const dialog = page.getByRole('dialog', { name: `Tagih Online: ${ticked} billing` });
  await dialog.getByRole('radio', { name: 'VA BNI' }).check();
  await dialog.getByRole('button', { name: 'Buat Tagihan Online' }).click();
  await expect(dialog.getByTestId('online-charge-number')).toHaveText(/^\d{6,}$/);

  const open = await get<{ data: (Charge & { student_billing_ids: number[] })[] }>(
    `/api/online-payments?student_billing_id=${shownPayable[0]}&status=pending`,
  );
  const [charge] = open.data;
  if (!charge) throw new Error('no charge made');
  expect([...charge.student_billing_ids].sort((a, b) => a - b)).toEqual(
    [...shownPayable].sort((a, b) => a - b),
  );
  // The server's total of the bills it covers.
  const bills = await Promise.all(
    charge.student_billing_ids.map((id) => get<Bill>(`/api/student-billing/${id}`)),
  );
  expect(charge.amount).toBe(bills.reduce((sum, b) => sum + b.total_billing, 0));
  await expect(dialog.getByTestId('online-charge-amount')).toHaveText(
    `Rp ${charge.amount.toLocaleString('id-ID')}`,
  );

  await dialog.getByRole('button', { name: 'Simulasikan Pembayaran' }).click();
  await expect(page.getByText('Pembayaran online diterima dan dicatat')).toBeVisible({ timeout: 30_000 });
  // One payment over the bills, each Lunas (the counter's Bayar Semua Tunggakan does the same).
  const posted = await get<Charge & { student_billing_payment_id: number }>(
    `/api/online-payments/${charge.id}`,
  );
  expect(posted.status).toBe('posted');
  for (const id of charge.student_billing_ids) {
    const detail = await get<{ total_billing: number; student_billing_payments: Payment[] }>(
      `/api/student-billing/${id}`,
    );
    expect(detail.total_billing).toBe(0);
    expect(detail.student_billing_payments.map((p) => p.id)).toEqual([posted.student_billing_payment_id]);
  }
  await expect(page.getByText('Tidak ada tagihan yang dapat dibayar saat ini.')).toBeVisible({
    timeout: 30_000,
  });
});
