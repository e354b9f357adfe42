import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

// Rekap Kas Harian end to end: the real API (demo data), the production builds, Chromium. The admin is the
// cashier here (the demo data has no payment of theirs, and the other journeys pay as keuangan), so the day
// holds exactly the payment this test takes, and closing it touches no other test's payments.

interface BillRow {
  id: number;
  bill_date: string;
  form_status: number;
  total_payment: number;
  total_billing: number;
}
interface BillDetail extends BillRow {
  student_billing_items: { id: number; total_billing: number }[];
}

test('take a payment, see it in Rekap Kas Harian, Tutup Kas, print it; its void is refused until a manager reopens', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.admin);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  // A confirmed, unpaid bill of SMP this year (the other journeys pay SD's).
  const departments = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    '/api/ref-department-getall',
  );
  const smp = departments.find((d) => d.name === 'SMP') ?? departments[0];
  const years = await apiGet<{ id: number; start_date: string; end_date: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${smp?.id}`,
  );
  const year = years.find((y) => y.start_date <= today && today <= y.end_date) ?? years[0];
  const unpaid = await apiGet<{ data: BillRow[] }>(
    request,
    token,
    `/api/student-billing?department_id=${smp?.id}&year_of_study_id=${year?.id}&payment_status=0&limit=100`,
  );
  const candidates = unpaid.data.filter(
    (b) => b.form_status === 1 && b.total_payment === 0 && b.bill_date <= today,
  );
  const picked = candidates[Math.floor(candidates.length / 2)];
  if (!picked) throw new Error('no confirmed unpaid bill in the demo data');
  const bill = await apiGet<BillDetail>(request, token, `/api/student-billing/${picked.id}`);
  const paid = await request.post(`${API}/api/student-billing-pay/${bill.id}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-closing-${bill.id}-${Date.now()}` },
    data: {
      student_billing_items: bill.student_billing_items
        .filter((i) => i.total_billing > 0)
        .map((i) => ({ id: i.id, payment_amount: i.total_billing })),
      ptype: 1,
      total_amount_payment_paid: bill.total_billing,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = (await paid.json()) as { payment_number: string; amount: number };
  const rupiah = `Rp ${payment.amount.toLocaleString('id-ID')}`;

  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.getByRole('link', { name: 'Rekap Kas Harian' }).click();
  await expect(page.getByRole('heading', { name: 'Rekap Kas Harian', exact: true })).toBeVisible();
  // The signed-in cashier's day: the payment, the totals.
  await expect(page.getByRole('table', { name: 'Pembayaran hari ini' })).toContainText(
    payment.payment_number,
  );
  await expect(page.getByTestId('cash-day-total')).toHaveText(rupiah);

  // Tutup Kas: the drawer counted (a Rp 100.000 note and a Rp 100 coin: never a bill's whole-thousand total), the
  // difference against the Cash payment shown live; it is closed only with its explanation, after the dialog.
  await expect(page.getByTestId('cash-expected')).toHaveText(rupiah);
  await page.getByLabel('Uang kertas Rp 100.000').fill('1');
  await page.getByLabel('Uang logam Rp 100').fill('1');
  const difference = 100_100 - payment.amount;
  const differenceText = `${difference > 0 ? '+' : '-'}Rp ${Math.abs(difference).toLocaleString('id-ID')}`;
  await expect(page.getByTestId('cash-counted')).toHaveText('Rp 100.100');
  await expect(page.getByTestId('cash-difference')).toHaveText(differenceText);
  await page.getByRole('button', { name: 'Tutup Kas' }).click();
  await expect(page.getByText(/Keterangan selisih wajib diisi/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Keterangan selisih').fill('Sisa uang di brankas');
  await page.getByRole('button', { name: 'Tutup Kas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tutup Kas' }).click();
  await expect(page.getByText(/^Kas ditutup: TKS-/)).toBeVisible();
  await expect(page.getByTestId('cash-closing-total')).toHaveText(rupiah);
  await expect(page.getByText('Ditutup', { exact: true })).toBeVisible();
  await expect(page.getByTestId('closing-difference')).toHaveText(differenceText);

  // Setoran Bank of the counted cash, after its dialog; then printed.
  const depositForm = page.getByRole('form', { name: 'Setoran Bank' });
  await expect(depositForm.getByLabel('Jumlah setoran')).toHaveValue('100.100');
  await depositForm.getByLabel('Rekening bank').fill('BCA 123-456-7890');
  await depositForm.getByLabel('No. referensi').fill('STR-E2E-1');
  await depositForm.getByRole('button', { name: 'Simpan Setoran' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan Setoran' }).click();
  await expect(page.getByText('Setoran bank dicatat')).toBeVisible();
  await expect(page.getByTestId('deposit-amount')).toHaveText('Rp 100.100');

  // The printed recap opens in a new tab: a PDF with the payment, the count, the deposit and both signatures.
  const [popup, printed] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/cash-closing\/\d+\/pdf$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: /Cetak Rekap/ }).click(),
  ]);
  expect(printed.status()).toBe(200);
  expect(printed.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(await printed.body()), { mergePages: true });
  const day = await apiGet<{ closings: { closing_number: string }[] }>(
    request,
    token,
    `/api/cash-closing?date=${today}`,
  );
  const closing = day.closings.at(-1);
  if (!closing) throw new Error('the closing is not listed');
  for (const expected of [
    closing.closing_number,
    payment.payment_number,
    'Uang kertas Rp 100.000',
    'Sisa uang di brankas',
    'STR-E2E-1',
    'Kepala Keuangan',
  ])
    expect(text).toContain(expected);
  await expect.poll(() => popup.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await popup.close();

  // Withdrawing the bill's confirmation would void the closed day's payment: refused, with the reason.
  await page.goto(`/student-billing/show/${bill.id}`);
  await page.getByRole('button', { name: 'Batalkan Konfirmasi' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }).click();
  await expect(page.getByText(/sudah ditutup/).first()).toBeVisible();

  // A manager (the admin) reopens the day with a reason; the void then goes through.
  await page.goto('/rekap-kas-harian');
  await page.getByRole('button', { name: 'Buka Kembali' }).click();
  const reopen = page.getByRole('dialog');
  await reopen.getByLabel('Alasan membuka kembali').fill('Pembayaran salah siswa');
  await reopen.getByRole('button', { name: 'Buka Kembali' }).click();
  await expect(page.getByText('Kas dibuka kembali')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tutup Kas' })).toBeVisible();
  await page.goto(`/student-billing/show/${bill.id}`);
  await page.getByRole('button', { name: 'Batalkan Konfirmasi' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }).click();
  await expect(page.getByText('Konfirmasi billing berhasil dibatalkan')).toBeVisible();
});
