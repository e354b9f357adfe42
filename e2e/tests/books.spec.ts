import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, API, addMonths, apiGet, apiToken, monthLabel, pick, signIn } from './helpers';

// Jurnal Umum end to end (docs/books.md): the real API, the production builds, Chromium. The demo's journal is
// listed and exported (Ekspor) as the plain CSV and as Jurnal by Mekari's workbook (read back: balanced, a
// payment's voucher in it); a manager closes last month (Tutup Buku), a
// reopening without a reason is refused on screen, and with one it goes through. Neraca Saldo balances and checks
// the receivables and Saldo Titipan against billing.

/** What the test reads of `GET /api/books/trial-balance` and `/api/books/tie-out`. */
interface TrialBalance {
  totals: { debit: number; credit: number; balance_debit: number; balance_credit: number };
}
/** What the test reads of `GET /api/books/journal`. */
interface JournalEntry {
  voucher_number: string;
  entry_date: string;
  source_kind: string;
}
interface JournalPage {
  data: JournalEntry[];
  last_page: number;
}
interface TieOut {
  difference: number;
  prospects: { ledger: number };
  credit: { difference: number };
}

/** The demo branches' month (WIB). */
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()).slice(0, 7);

test('Jurnal Umum: the journal and its exports, Tutup Buku closed and reopened with a reason', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/jurnal-umum');
  const journal = page.getByRole('table', { name: 'Jurnal Umum' });
  await expect(journal.locator('tbody tr.ant-table-row').first()).toContainText(/JU-\w+-\d{4}-\d{5}/, {
    timeout: 30_000,
  });
  await expect(page.getByText(/Total Debit Rp/)).toBeVisible();
  // Narrowed to the first row's branch and month by part of the voucher number.
  const voucher = (await journal.locator('tbody tr.ant-table-row').first().textContent())?.match(
    /JU-\w+-\d{4}-/,
  )?.[0] as string;
  await page.getByLabel('No. Voucher').fill(voucher);
  await page.getByLabel('No. Voucher').press('Enter');
  await expect(journal.locator('tbody tr.ant-table-row').filter({ hasNotText: voucher })).toHaveCount(0);

  // Ekspor by keyboard: the menu opens on Enter and an item is chosen with Enter.
  const exportButton = page.getByRole('button', { name: 'Ekspor' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Jurnal seimbang biasa (CSV)' }).press('Enter');
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  const [header, ...rows] = (await readFile(file, 'utf8')).trim().split('\r\n');
  expect(header).toBe(
    '"Tanggal","No. Voucher","Kode Akun","Nama Akun","Debit","Kredit","Cabang","Keterangan"',
  );
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r.includes(`"${voucher}`))).toBe(true);
  // Texts are quoted, rupiah bare: the one pair of bare numbers in a row is its debit and credit.
  const sides = rows.map(
    (row) =>
      row
        .match(/,(\d+),(\d+),"/)
        ?.slice(1)
        .map(Number) ?? [Number.NaN, 0],
  );
  const total = (i: number) => sides.reduce((sum, pair) => sum + (pair[i] as number), 0);
  expect(total(0)).toBe(total(1));
  expect(total(0)).toBeGreaterThan(0);

  // A student payment's day as Jurnal by Mekari's workbook: the payment's voucher is in it, every voucher
  // balanced, rupiah as number cells. The payment is found through the API (the demo's, any run).
  const { token } = await apiToken(request, ACCOUNTS.admin);
  let payment: JournalEntry | undefined;
  for (let n = 1; !payment && n <= 30; n++) {
    const found = await apiGet<JournalPage>(request, token, `/api/books/journal?limit=100&page=${n}`);
    payment = found.data.find((e) => e.source_kind === 'student_payment');
    if (n >= found.last_page) break;
  }
  if (!payment) throw new Error('the demo journal has no student payment');
  const day = payment.entry_date.split('-').reverse().join('/');
  await page.getByLabel('No. Voucher').fill('');
  await page.getByLabel('No. Voucher').press('Enter');
  for (const label of ['Dari Tanggal', 'Sampai Tanggal']) {
    await page.getByLabel(label).fill(day);
    await page.getByLabel(label).press('Enter');
  }
  // The table writes the day long, as '5 Agustus 2026'.
  const longDay = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${payment.entry_date}T00:00:00Z`),
  );
  await expect(journal.locator('tbody tr.ant-table-row').first()).toContainText(longDay, { timeout: 30_000 });
  await expect(journal.locator('tbody tr.ant-table-row').filter({ hasNotText: longDay })).toHaveCount(0);
  await exportButton.click();
  const workbookDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Jurnal by Mekari (XLSX)' }).click();
  expect((await workbookDownload).suggestedFilename()).toMatch(
    /^jurnal-umum-mekari-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await (await workbookDownload).path())) as unknown as ArrayBuffer);
  const lines: ExcelJS.CellValue[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    lines.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  expect(lines[0]?.slice(0, 4)).toEqual(['*Transaction No', '*Transaction Date', 'Tags', '*Account Code']);
  const byVoucher = new Map<string, number>();
  for (const [no, , , , , debit, credit] of lines.slice(1)) {
    expect(typeof debit).toBe('number');
    expect(typeof credit).toBe('number');
    byVoucher.set(String(no), (byVoucher.get(String(no)) ?? 0) + Number(debit) - Number(credit));
  }
  expect(byVoucher.size).toBeGreaterThan(0);
  expect(byVoucher.has(payment.voucher_number)).toBe(true);
  expect([...byVoucher.values()].every((difference) => difference === 0)).toBe(true);
  expect(lines.slice(1).every((l) => l[1] === day)).toBe(true);

  // Tutup Buku: last month, after a confirmation.
  const mm = addMonths(thisMonth(), -1);
  const periods = page.getByRole('table', { name: 'Daftar Tutup Buku' });
  const row = periods.locator('tbody tr.ant-table-row').filter({ hasText: monthLabel(mm) });
  await page.getByRole('button', { name: 'Tutup Buku' }).click();
  const closing = page.getByRole('dialog');
  await expect(closing).toContainText(monthLabel(mm));
  await closing.getByRole('button', { name: 'Tutup Buku' }).click();
  await expect(page.getByText('Buku berhasil ditutup')).toBeVisible();
  await expect(row).toContainText('Ditutup');

  // Reopening asks why: without a reason the API's message shows; with one the month is open again.
  await row.getByRole('button', { name: 'Buka Kembali' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Buka Kembali' }).click();
  await expect(page.getByText('Alasan membuka kembali wajib diisi')).toBeVisible();
  await expect(row).toContainText('Ditutup');
  await row.getByRole('button', { name: 'Buka Kembali' }).click();
  const reopening = page.getByRole('dialog');
  await reopening.getByLabel('Alasan membuka kembali').fill('Koreksi transfer yang terlambat dicatat');
  await reopening.getByRole('button', { name: 'Buka Kembali' }).click();
  await expect(page.getByText('Buku berhasil dibuka kembali')).toBeVisible();
  await expect(row).toContainText('Dibuka kembali');
  await expect(row).toContainText('Koreksi transfer yang terlambat dicatat');
});

// Prospect bills and payments are in the books too (docs/books.md "When the books move"): on Piutang Calon Siswa.
test('Jurnal Umum by account: the prospect bills and payments on Piutang Calon Siswa', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/jurnal-umum');
  const journal = page.getByRole('table', { name: 'Jurnal Umum' });
  await expect(journal.locator('tbody tr.ant-table-row').first()).toContainText(/JU-/, { timeout: 30_000 });
  await pick(page, 'Akun', '1-1310 Piutang Calon Siswa');
  const rows = journal.locator('tbody tr.ant-table-row');
  await expect(rows.filter({ hasNotText: '1-1310 Piutang Calon Siswa' })).toHaveCount(0, { timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Tagihan Calon Siswa' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Pembayaran Calon Siswa' }).first()).toBeVisible();
});

test('Neraca Saldo: balanced totals as the API adds them, a later period, and the tie-out against billing', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.admin);
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/neraca-saldo');
  const balance = page.getByRole('table', { name: 'Neraca Saldo' });
  await expect(balance.getByRole('row', { name: /Piutang Siswa/ }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Seimbang', { exact: true })).toBeVisible();
  // The totals row: the API's sums, debits equal to credits.
  const all = await apiGet<TrialBalance>(request, token, '/api/books/trial-balance');
  expect(all.totals.debit).toBe(all.totals.credit);
  const totals = balance.getByRole('row', { name: /Jumlah/ });
  await expect(totals).toContainText(all.totals.debit.toLocaleString('id-ID'));
  await expect(totals).toContainText(all.totals.balance_debit.toLocaleString('id-ID'));

  // A period after today: no movements in it, the balances as they stand.
  await page.getByLabel('Dari Tanggal').fill('01/01/2099');
  await page.getByLabel('Dari Tanggal').press('Enter');
  await expect(totals).toContainText(/Jumlah\s*Rp\s*0\s*Rp\s*0/);
  await expect(totals).toContainText(all.totals.balance_debit.toLocaleString('id-ID'));

  // The receivables and Saldo Titipan against billing, as the API reads them.
  const tieOut = await apiGet<TieOut>(request, token, '/api/books/tie-out');
  const card = page.getByLabel('Pencocokan dengan Tagihan');
  await expect(card.getByRole('row', { name: /Piutang Siswa/ })).toContainText(
    tieOut.difference === 0 ? 'Sesuai' : 'Selisih',
  );
  await expect(card.getByRole('row', { name: /Piutang Calon Siswa/ })).toContainText(
    tieOut.prospects.ledger.toLocaleString('id-ID'),
  );
  await expect(card.getByRole('row', { name: /Titipan Siswa/ })).toContainText(
    tieOut.credit.difference === 0 ? 'Sesuai' : 'Selisih',
  );
});

/** What the test reads of `GET /api/books/ledger` and `/api/books/accounts`. */
interface LedgerPage {
  data: { voucher_number: string; debit: number; credit: number; balance: number; source_label: string }[];
  last_page: number;
  opening_balance: number;
  closing_balance: number;
}
interface Account {
  id: number;
  code: string;
}
/** Rupiah as the screens write it ('-Rp 1.250.000' below zero). */
const rupiah = (n: number) => `${n < 0 ? '-' : ''}Rp ${Math.abs(n).toLocaleString('id-ID')}`;

// Buku Besar (docs/books.md "Buku Besar"): a payment of an amount no other line of the day has, found on Kas from
// the Neraca Saldo link, its Saldo the one the API computes. Each run (or retry) pays a new amount.
test('Buku Besar: a payment on Kas, reached from Neraca Saldo, with the API running balance', async ({
  page,
  request,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  type Bill = { id: number; form_status: number; bill_date: string; total_billing: number };
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  const unpaid = await apiGet<{ data: Bill[] }>(
    request,
    token,
    `/api/student-billing?department_id=${department?.id}&year_of_study_id=${year?.id}&payment_status=0&limit=100`,
  );
  const candidates = unpaid.data.filter((b) => b.form_status === 1 && b.bill_date <= today);
  const picked = candidates[Date.now() % candidates.length];
  if (!picked) throw new Error('no confirmed unpaid bill in the demo data');
  const bill = await apiGet<{ student_billing_items: { id: number; total_billing: number }[] }>(
    request,
    token,
    `/api/student-billing/${picked.id}`,
  );
  const item = bill.student_billing_items.find((i) => i.total_billing > 20_000);
  if (!item) throw new Error('the bill has no item over Rp 20.000');
  // Part of one item, an odd amount: the day's only Kas line of it.
  const amount = 10_001 + (Date.now() % 9_000);
  const paid = await request.post(`${API}/api/student-billing-pay/${picked.id}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-ledger-${picked.id}-${Date.now()}` },
    data: {
      student_billing_items: [{ id: item.id, payment_amount: amount }],
      ptype: 1,
      total_amount_payment_paid: amount,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The API's ledger of Kas for today, every page: the payment's line and the page it is on.
  const kas = (await apiGet<Account[]>(request, token, '/api/books/accounts')).find(
    (a) => a.code === '1-1100',
  );
  const query = `/api/books/ledger?account_id=${kas?.id}&date_from=${today}&date_to=${today}&limit=50`;
  const first = await apiGet<LedgerPage>(request, token, query);
  const pages = [first];
  for (let n = 2; n <= first.last_page; n++)
    pages.push(await apiGet<LedgerPage>(request, token, `${query}&page=${n}`));
  const lineAt = pages.flatMap((p) => p.data).findLastIndex((l) => l.debit === amount);
  const line = pages.flatMap((p) => p.data)[lineAt];
  if (!line) throw new Error(`no Kas line of Rp ${amount} today`);

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/neraca-saldo');
  await page
    .getByRole('table', { name: 'Neraca Saldo' })
    .getByRole('link', { name: 'Kas', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/buku-besar\\?account_id=${kas?.id}$`));
  await expect(page.getByRole('heading', { name: 'Buku Besar', exact: true })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Buku Besar' });
  await expect(ledger.locator('tbody tr.ant-table-row').first()).toContainText(/JU-/, { timeout: 30_000 });

  const day = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  for (const label of ['Dari Tanggal', 'Sampai Tanggal']) {
    await page.getByLabel(label).fill(day);
    await page.getByLabel(label).press('Enter');
  }
  const summary = page.getByLabel('Ringkasan Buku Besar');
  await expect(summary).toContainText(`Saldo Awal${rupiah(first.opening_balance)}`);
  const onPage = Math.floor(lineAt / 50) + 1;
  if (onPage > 1) await page.locator(`.ant-pagination-item[title="${onPage}"]`).click();
  const row = ledger.locator('tbody tr.ant-table-row').filter({ hasText: line.voucher_number });
  await expect(row).toContainText(rupiah(amount), { timeout: 30_000 });
  await expect(row).toContainText('Pembayaran Siswa');
  await expect(row.locator('td').last()).toHaveText(rupiah(line.balance));
});
