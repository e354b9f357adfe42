import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { embeddedStudent, mintToken } from './embed-helpers';
import { ACCOUNTS, apiGet, apiToken, digits, signIn } from './helpers';
import { PORTS } from './ports';

// Rekening Siswa end to end: opened from the student's bills, its lines keep a running balance, it ends on
// what the bills still owe (their Sisa Tagihan: the bills minus the payments), and so does its PDF.

interface BillRow {
  id: number;
  bill_number: string;
  bill_date: string;
  form_status: number;
  total_payment: number;
  total_billing: number;
  student_id: number;
}

test("open a student's statement from their bills, check the running balance, download the PDF", async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const departments = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    '/api/ref-department-getall',
  );
  const sd = departments.find((d) => d.name === 'SD') ?? departments[0];
  const years = await apiGet<{ id: number; start_date: string; end_date: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${sd?.id}`,
  );
  const year = years.find((y) => y.start_date <= today && today <= y.end_date) ?? years[0];
  const place = `department_id=${sd?.id}&year_of_study_id=${year?.id}`;
  // A student who paid part of a bill (the demo data's Belum Lunas bills: they paid SPP only).
  const unpaid = await apiGet<{ data: BillRow[] }>(
    request,
    token,
    `/api/student-billing?${place}&payment_status=0&limit=100`,
  );
  const partly = unpaid.data.find((b) => b.form_status === 1 && b.total_payment > 0 && b.bill_date <= today);
  if (!partly) throw new Error('no partly paid bill in the demo data');
  const bills = await apiGet<{ data: BillRow[] }>(
    request,
    token,
    `/api/student-billing?${place}&student_id=${partly.student_id}&limit=100`,
  );
  const owed = bills.data.filter((b) => b.bill_date <= today).reduce((sum, b) => sum + b.total_billing, 0);
  const rupiah = `Rp ${owed.toLocaleString('id-ID')}`;

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/student/${partly.student_id}`);
  await page.getByRole('link', { name: 'Rekening Siswa' }).click();
  await expect(page).toHaveURL(new RegExp(`/student-billing/statement/${partly.student_id}$`));
  await expect(page.getByRole('heading', { name: 'Rekening Siswa', exact: true })).toBeVisible();

  // The lines: the partly paid bill and its payment are there, and each balance follows from the one before.
  const table = page.getByRole('table', { name: 'Baris Rekening Siswa' });
  await expect(table).toContainText(partly.bill_number);
  await expect(table).toContainText('Pembayaran');
  const rows = table.locator('tbody tr');
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
  );
  const amount = (text: string | undefined) => Number(digits(text ?? '') || '0');
  // Tagihan, Potongan, Pembayaran, Saldo: the balance adds the first and takes off the next two.
  await expect(table.locator('thead th')).toHaveText([
    'Tanggal',
    'Keterangan',
    'No. Dokumen',
    'Tagihan',
    'Potongan',
    'Pembayaran',
    'Saldo',
  ]);
  let balance = amount(cells[0]?.[6]);
  for (const row of cells.slice(1)) {
    balance += amount(row[3]) - amount(row[4]) - amount(row[5]);
    expect(amount(row[6]), row.join(' | ')).toBe(balance);
    // A discount or ditanggung is never in the payments' column.
    if (/^(Diskon|Ditanggung)/.test(row[1] ?? '')) expect(amount(row[5]), row.join(' | ')).toBe(0);
  }
  expect(balance).toBe(owed);
  await expect(
    page.getByLabel('Total Rekening Siswa').locator('tr', { hasText: 'Sisa Tagihan' }),
  ).toContainText(rupiah);

  // The PDF: fetched by the page with the session's token, opened in a new tab; its text says the same.
  const pdfAnswer = page.waitForResponse((r) => r.url().includes('/api/student-statement-pdf'));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Unduh PDF' }).click();
  const response = await pdfAnswer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(await response.body()), { mergePages: true });
  expect(text).toContain('Rekening Siswa');
  expect(text).toContain(partly.bill_number);
  expect(text.replace(/\s+/g, ' ')).toContain(`Sisa Tagihan: ${rupiah}`);
  expect(text).toContain('Terbilang:');
  await (await tab).close();
});

test('a read token opens the statement inside the embedded billing view', async ({ page, request }) => {
  const { token: session, bill, path } = await embeddedStudent(request);
  const { token } = await mintToken(request, session, { studentId: bill.student_id });
  const akademik = `http://127.0.0.1:${PORTS.akademik}/akademik`;
  await page.goto(`${akademik}${path}`);
  await page.getByLabel('Token Keuangan').fill(token);
  const view = page.getByTestId('billing-view');
  await view.getByRole('link', { name: 'Rekening Siswa' }).click();
  await expect(page).toHaveURL(`${akademik}${path}/student-billing/statement/${bill.student_id}`);
  const table = view.getByRole('table', { name: 'Baris Rekening Siswa' });
  await expect(table).toContainText(bill.bill_number);
  await expect(view.getByRole('button', { name: 'Unduh PDF' })).toBeVisible();
});
