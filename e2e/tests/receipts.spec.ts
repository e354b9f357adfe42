/**
 * The printed documents as paper, not only as a page (issue 9): each opens at its own address straight after
 * sign-in (no visit to the billing screens first), prints itself once, records originals and SALINAN copies
 * with the server, keeps an edited payer, marks a voided payment, and renders through Chromium's print engine
 * to exactly one page 215 mm wide carrying every amount and the amount in words, without the layout.
 * One PDF per document type is kept in e2e/.artifacts/receipts/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/receipts/', import.meta.url));
const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

type Named = { id: number; name: string };
interface Payment {
  id: number;
  payment_number: string;
  amount: number;
  total_amount_payment_paid: number;
  total_billing_after: number;
  is_void: boolean;
}

/** A signed-in token and the SD department's current year (ids for the API). */
async function session(request: APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const [department] = await get<Named[]>('/api/ref-department-getall');
  const [year] = await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  return { token, get, department, year };
}

/** A standing payment of a demo student bill that is paid in full. */
async function studentPayment(request: APIRequestContext, skip: number[] = []) {
  const { get, department, year } = await session(request);
  const bills = await get<{ data: { id: number }[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=1&limit=100`,
  );
  for (const bill of bills.data) {
    const detail = await get<{
      student: { name: string; nis: string };
      student_billing_payments: Payment[];
    }>(`/api/student-billing/${bill.id}`);
    const payment = detail.student_billing_payments.find((p) => !p.is_void && !skip.includes(p.id));
    if (payment) return { billId: bill.id, payment, student: detail.student };
  }
  throw new Error('no paid demo bill with a standing payment');
}

/** Counts the browser's print calls instead of opening a dialog (headless Chromium cannot be driven there). */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls += 1;
    };
  });
}
const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

/**
 * The document as paper: Chromium's print engine with the sheet's own page size; one page, 215 mm wide, the
 * texts present and none of the layout. Keeps the PDF as an artifact.
 */
async function expectOnePaperPage(page: Page, name: string, texts: string[]) {
  await page.emulateMedia({ media: 'print' });
  // Every amount (the lines, then Total, Bayar, Kembali, Sisa Tagihan) ends on one right edge: its text's, not its cell's.
  const amountEnds = await page.locator('.kw-amount').evaluateAll((cells) =>
    cells.map((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return Math.round(text.getBoundingClientRect().right);
    }),
  );
  expect(amountEnds.length, `${name}: amounts`).toBeGreaterThan(4);
  expect(new Set(amountEnds).size, `${name}: amounts end on one edge (${amountEnds.join(', ')})`).toBe(1);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(`${ARTIFACTS}${name}.pdf`, pdf);
  const pdfDocument = await getDocumentProxy(new Uint8Array(pdf));
  expect(pdfDocument.numPages, `${name}: pages`).toBe(1);
  const first = await pdfDocument.getPage(1);
  const [, , widthPt, heightPt] = first.view as [number, number, number, number];
  expect(Math.abs((widthPt * 25.4) / 72 - 215), `${name}: width`).toBeLessThan(1.5);
  expect(Math.abs((heightPt * 25.4) / 72 - 95), `${name}: height`).toBeLessThan(1.5);
  const { text } = await extractText(pdfDocument, { mergePages: true });
  // Letter-spaced words (S A L I N A N) come out spaced: compare without any whitespace.
  const flat = text.replace(/\s+/g, '');
  const squeeze = (t: string) => t.replace(/\s+/g, '');
  for (const expected of texts) expect(flat, `${name}: ${expected}`).toContain(squeeze(expected));
  // Nothing of the layout: the sidebar's menu and the screen's own buttons.
  for (const layout of ['Dashboard', 'Master Data', 'Laporan', 'Cetak']) {
    expect(flat, `${name}: no '${layout}' on paper`).not.toContain(layout);
  }
}

test('Kuitansi Siswa: opened by its address after sign-in, prints itself once, one 215 mm page; a reprint is a SALINAN', async ({
  page,
  request,
}) => {
  const { billId, payment, student } = await studentPayment(request);
  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  const url = `/student-billing/show/${billId}/receipt-show?studentBillingPaymentId=${payment.id}`;
  await page.goto(url);
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveTitle('Kuitansi Pembayaran Billing Siswa');
  await expect(sheet).toContainText(payment.payment_number);
  await expect(sheet).toContainText(student.nis);
  await expect(sheet).toContainText(student.name);
  await expect.poll(() => printCalls(page), { timeout: 20_000 }).toBe(1);
  const words = (await sheet.locator('.kw-words').textContent())?.replace(/^Terbilang: # | #$/g, '') ?? '';
  expect(words).toMatch(/Rupiah$/);
  await expectOnePaperPage(page, 'kuitansi-siswa', [
    'KUITANSI',
    payment.payment_number,
    student.name,
    rupiah(payment.amount),
    rupiah(payment.total_amount_payment_paid),
    rupiah(payment.total_billing_after),
    words,
  ]);

  // Cetak prints again: recorded, and a copy on paper.
  await expect(sheet.getByText('SALINAN')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cetak' }).click();
  await expect.poll(() => printCalls(page), { timeout: 20_000 }).toBe(2);
  await expect(sheet.getByText('SALINAN')).toBeVisible();

  // Opened again (from the history, or a reload): the server says it is a copy.
  await page.reload();
  await expect(sheet.getByText('SALINAN')).toBeVisible();
});

test('Nota Siswa 1 and 2: the note of a payment; type 2 adds year, period, month and department', async ({
  page,
  request,
}) => {
  const { billId, payment } = await studentPayment(request);
  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  for (const type of [1, 2] as const) {
    await page.goto(
      `/student-billing/show/${billId}/bill-show?studentBillingPaymentId=${payment.id}&type=${type}`,
    );
    const sheet = page.getByRole('article', { name: 'Nota Pembayaran Billing Siswa' });
    await expect(sheet).toBeVisible();
    const extra = sheet.getByRole('rowheader', { name: 'Tahun Ajaran' });
    if (type === 2) {
      for (const label of ['Tahun Ajaran', 'Periode', 'Bulan', 'Departemen']) {
        await expect(sheet.getByRole('rowheader', { name: label })).toBeVisible();
      }
    } else {
      await expect(extra).toHaveCount(0);
    }
    await expectOnePaperPage(page, `nota-siswa-${type}`, [
      'NOTA PEMBAYARAN',
      payment.payment_number,
      rupiah(payment.amount),
    ]);
  }
});

test('the payer name and city are edited in place, saved on blur, and kept for the reprint', async ({
  page,
  request,
}) => {
  const first = await studentPayment(request);
  const { billId, payment } = await studentPayment(request, [first.payment.id]);
  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/show/${billId}/receipt-show?studentBillingPaymentId=${payment.id}`);
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(sheet).toBeVisible();

  await sheet.getByRole('button', { name: /Nama Pembayar/ }).click();
  const name = sheet.getByRole('textbox', { name: /Nama Pembayar/ });
  await name.fill('Ibu Ratna Dewi');
  await name.press('Tab');
  await expect(page.getByText('Data berhasil diubah.')).toBeVisible();
  await sheet.getByRole('button', { name: /Kota/ }).click();
  const city = sheet.getByRole('textbox', { name: /Kota/ });
  await city.fill('Cimahi');
  await city.press('Tab');
  await expect(sheet).toContainText('Cimahi');

  await page.reload();
  await expect(sheet).toContainText('Ibu Ratna Dewi');
  await expect(sheet).toContainText('Cimahi');
  await expectOnePaperPage(page, 'kuitansi-siswa-penyetor', ['Ibu Ratna Dewi', 'Cimahi', 'SALINAN']);
});

test('Kuitansi Calon Siswa: a prospect payment opens at its address and prints on one page', async ({
  page,
  request,
}) => {
  const { get } = await session(request);
  const bills = await get<{ data: { id: number }[] }>(
    '/api/prospective-billing?stype=1&payment_status=1&limit=100',
  );
  let found: { billId: number; payment: Payment; name: string } | undefined;
  for (const bill of bills.data) {
    const detail = await get<{
      psb_event_prospective: { name: string };
      prospective_billing_payments: Payment[];
    }>(`/api/prospective-billing/${bill.id}`);
    const payment = detail.prospective_billing_payments.find((p) => !p.is_void);
    if (payment) {
      found = { billId: bill.id, payment, name: detail.psb_event_prospective.name };
      break;
    }
  }
  if (!found) throw new Error('no paid prospect bill');
  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(
    `/prospective-billing/show/${found.billId}/receipt-show?prospectiveBillingPaymentId=${found.payment.id}`,
  );
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Calon Siswa' });
  await expect(sheet).toContainText(found.name);
  await expect.poll(() => printCalls(page), { timeout: 20_000 }).toBe(1);
  await expectOnePaperPage(page, 'kuitansi-calon-siswa', [
    'KUITANSI',
    found.payment.payment_number,
    found.name,
    rupiah(found.payment.amount),
  ]);
});

test('a voided payment still opens, marked DIBATALKAN, and its payer can no longer be edited', async ({
  page,
  request,
}) => {
  const { token, get, department, year } = await session(request);
  // A confirmed, unpaid bill outside the classes the billing journeys use: paid, then its confirmation withdrawn.
  const list = await get<{
    data: { id: number; form_status: number; total_payment: number; class: { name: string } }[];
  }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&type=1&payment_status=0&limit=100`,
  );
  const bill = list.data
    .filter((b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name))
    .at(-1);
  if (!bill) throw new Error('no confirmed unpaid bill');
  const detail = await get<{ student_billing_items: { id: number; total_billing: number }[] }>(
    `/api/student-billing/${bill.id}`,
  );
  const headers = { Authorization: `Bearer ${token}` };
  const paid = await request.post(`${API}/api/student-billing-pay/${bill.id}`, {
    headers: { ...headers, 'Idempotency-Key': `receipts-void-${bill.id}-${Date.now()}` },
    data: {
      student_billing_items: detail.student_billing_items
        .filter((i) => i.total_billing > 0)
        .map((i) => ({ id: i.id, payment_amount: i.total_billing })),
      ptype: 1,
    },
  });
  expect(paid.status()).toBe(201);
  const payment = (await paid.json()) as Payment;
  const withdrawn = await request.post(`${API}/api/student-billing-xupdate/${bill.id}`, {
    headers,
    data: { field: 'form_status', value: 0, void_reason: 'Salah kelas' },
  });
  expect(withdrawn.ok()).toBeTruthy();

  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/show/${bill.id}/receipt-show?studentBillingPaymentId=${payment.id}`);
  const sheet = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(sheet.getByRole('note', { name: /Dibatalkan: Salah kelas/ })).toBeVisible();
  await expect(sheet.getByRole('button')).toHaveCount(0);
  await expectOnePaperPage(page, 'kuitansi-siswa-dibatalkan', ['DIBATALKAN', payment.payment_number]);
});

test('an unknown payment shows no document, and the page around it still works', async ({ page }) => {
  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing/show/1/receipt-show?studentBillingPaymentId=999999999');
  await expect(page.getByText(/tidak ditemukan/i).first()).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(await printCalls(page)).toBe(0);
});
