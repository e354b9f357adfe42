// The printed documents as paper (docs/screens.md#receipts-and-notes): each opens straight after sign-in, records
// originals and SALINAN copies, and prints one 215 x 95 mm page per sheet. PDFs kept in e2e/.artifacts/receipts/.
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
  first_printed_at: string | null;
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
    // Never printed: another spec (or this one's first attempt) may have printed a payment, whose sheet is a SALINAN.
    const payment = detail.student_billing_payments.find(
      (p) => !p.is_void && !p.first_printed_at && !skip.includes(p.id),
    );
    if (payment) return { billId: bill.id, payment, student: detail.student };
  }
  throw new Error('no paid demo bill with a standing payment never printed');
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
 * The document as paper: Chromium's print engine with the sheet's own page size; one 215 x 95 mm page per sheet
 * (a document of up to four lines is one sheet), the texts present and none of the layout. Keeps the PDF.
 */
async function expectPaperPages(page: Page, name: string, texts: string[]) {
  const sheets = await page.locator('.kw-sheet').count();
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
  expect(pdfDocument.numPages, `${name}: pages`).toBe(sheets);
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
  await expectPaperPages(page, 'kuitansi-siswa', [
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
    await expectPaperPages(page, `nota-siswa-${type}`, [
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
  await expectPaperPages(page, 'kuitansi-siswa-penyetor', ['Ibu Ratna Dewi', 'Cimahi', 'SALINAN']);
});

test('Kuitansi Calon Siswa: a prospect payment opens at its address and prints a page per sheet', async ({
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
  await expectPaperPages(page, 'kuitansi-calon-siswa', [
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
  await expectPaperPages(page, 'kuitansi-siswa-dibatalkan', ['DIBATALKAN', payment.payment_number]);
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

/**
 * A bill of twelve items, paid: its Kuitansi prints on two 215 x 95 mm pages, every item once, the total, the amount
 * in words and the signatures whole on the last page (a fixed single sheet used to cut them off from five items).
 */
test('a Kuitansi of twelve items prints every item, the words and the signatures, on as many sheets as needed', async ({
  page,
  request,
}) => {
  test.slow();
  const { token, get, department, year } = await session(request);
  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await request.post(`${API}${path}`, {
      headers: { Authorization: `Bearer ${token}`, ...headers },
      data: body,
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  // A confirmed, unpaid bill of this month in a class the other journeys leave alone.
  const thisMm = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' })
    .format(new Date())
    .slice(0, 7);
  const list = await get<{
    data: { id: number; form_status: number; total_payment: number; class: { name: string } }[];
  }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&mm=${thisMm}&type=1&payment_status=0&limit=100`,
  );
  const target = list.data.find((b) => b.form_status === 1 && b.total_payment === 0 && b.class.name === '3A');
  if (!target) throw new Error('no unpaid confirmed bill of 3A this month');
  type Detail = {
    id: number;
    department_id: number;
    year_of_study_id: number;
    yos_periode_id: number;
    level_id: number;
    class_id: number;
    student_billing_items: { id: number; total_billing: number; student_fee_component: { name: string } }[];
  };
  const bill = await get<Detail>(`/api/student-billing/${target.id}`);
  // Components of another month of the period (the demo fills only this month and the last): as many as make 12.
  const periods = await get<{ id: number; start_date: string; end_date: string }[]>(
    `/api/ref-yos-periode-getall?year_of_study_id=${bill.year_of_study_id}`,
  );
  const period = periods.find((p) => p.id === bill.yos_periode_id);
  if (!period) throw new Error('no period');
  const lastMm = new Date(`${thisMm}-01T00:00:00Z`);
  lastMm.setUTCMonth(lastMm.getUTCMonth() - 1);
  const taken = [thisMm, lastMm.toISOString().slice(0, 7)];
  let freeMm = period.start_date.slice(0, 7);
  while (taken.includes(freeMm)) {
    const next = new Date(`${freeMm}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    freeMm = next.toISOString().slice(0, 7);
  }
  const feeTypes = await get<Named[]>('/api/ref-fee-types-getall');
  const wanted = 12 - bill.student_billing_items.length;
  const placement = {
    department_id: bill.department_id,
    year_of_study_id: bill.year_of_study_id,
    yos_periode_id: bill.yos_periode_id,
    level_id: bill.level_id,
    class_id: bill.class_id,
    mm: freeMm,
  };
  const components: { id: number; name: string }[] = [];
  for (const [i, type] of feeTypes.slice(0, wanted).entries()) {
    components.push(
      await post('/api/student-fee-component', {
        ...placement,
        fee_type_id: type.id,
        ftype: 1,
        name: `Uji Kuitansi ${String(i + 1).padStart(2, '0')}`,
        price: 10_000 * (i + 1),
      }),
    );
  }
  await post(`/api/student-billing-xupdate/${bill.id}`, { field: 'form_status', value: 0 });
  for (const component of components) {
    await post('/api/student-billing-item', {
      student_billing_id: bill.id,
      student_fee_component_id: component.id,
    });
  }
  await post(`/api/student-billing-xupdate/${bill.id}`, { field: 'form_status', value: 1 });
  const full = await get<Detail>(`/api/student-billing/${bill.id}`);
  expect(full.student_billing_items).toHaveLength(12);
  const paid = await post<Payment>(
    `/api/student-billing-pay/${bill.id}`,
    {
      student_billing_items: full.student_billing_items.map((i) => ({
        id: i.id,
        payment_amount: i.total_billing,
      })),
      ptype: 1,
    },
    { 'Idempotency-Key': `e2e-twelve-${bill.id}` },
  );

  await countPrints(page);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/show/${bill.id}/receipt-show?studentBillingPaymentId=${paid.id}`);
  const document = page.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
  await expect(document).toBeVisible();
  const sheets = document.locator('.kw-sheet');
  await expect(sheets).toHaveCount(2);
  await expect(sheets.first()).toContainText('Halaman 1/2');
  await expect(sheets.first()).toContainText('Bersambung ke halaman 2');

  // On paper: the words and both signature blocks inside the last sheet, nothing cut off.
  await page.emulateMedia({ media: 'print' });
  const last = sheets.last();
  const sheetBox = await last.boundingBox();
  if (!sheetBox) throw new Error('no sheet');
  for (const part of ['.kw-words', '.kw-foot', '.kw-totals']) {
    const box = await last.locator(part).boundingBox();
    if (!box) throw new Error(`no ${part}`);
    expect(box.y + box.height, `${part} ends inside the sheet`).toBeLessThanOrEqual(
      sheetBox.y + sheetBox.height + 1,
    );
  }
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(`${ARTIFACTS}kuitansi-12.pdf`, pdf);
  const pdfDocument = await getDocumentProxy(new Uint8Array(pdf));
  expect(pdfDocument.numPages).toBe(2);
  const { text } = await extractText(pdfDocument, { mergePages: true });
  const flat = text.replace(/\s+/g, '');
  for (const item of full.student_billing_items) {
    const name = item.student_fee_component.name.replace(/\s+/g, '');
    expect(flat.split(name).length - 1, `${item.student_fee_component.name} once`).toBe(1);
  }
  for (const expected of ['Terbilang', 'Penyetor', 'Petugas', rupiah(paid.amount)]) {
    expect(flat).toContain(expected.replace(/\s+/g, ''));
  }
});
