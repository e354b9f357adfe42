import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { classMonth } from './class-month';
import { ACCOUNTS, API, apiGet, apiToken, digits, monthValue, pick, signIn, tabTo } from './helpers';

// Billing Siswa end to end: the real API (demo data), the production builds, Chromium. The charge and extra
// bill journeys work in class 2A in months the demo data leaves empty (the fee tests use class 1A); the
// payment journey takes a demo bill of this month that is confirmed and not paid at all.

type Named = { id: number; name: string };
interface Place {
  token: string;
  department: Named;
  year: Named;
  period: Named;
  level: Named;
  klass: Named;
  /** 'Juli 2026' labels and 'YYYY-MM' values of the two empty months of the period. */
  freeLabel: string;
  freeMm: string;
  thisMm: string;
}

/** SD, this year, the period holding today, Kelas 2, class 2A; ids for the API and names for the screens. */
async function billingPlace(request: APIRequestContext): Promise<Place> {
  const place = await classMonth(request);
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const department = (await get<Named[]>('/api/ref-department-getall')).find(
    (d) => d.name === place.department,
  );
  if (!department) throw new Error('no SD');
  const year = (await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department.id}`)).find(
    (y) => y.name === place.year,
  );
  if (!year) throw new Error('no year');
  const periods = await get<{ id: number; periode: { name: string } }[]>(
    `/api/ref-yos-periode-getall?year_of_study_id=${year.id}`,
  );
  const period = periods.find((p) => p.periode.name === place.period);
  const level = (await get<Named[]>(`/api/ref-level-getall?department_id=${department.id}`)).find(
    (l) => l.name === 'Kelas 2',
  );
  if (!period || !level) throw new Error('no period or level');
  const klass = (
    await get<Named[]>(
      `/api/ref-class-getall?department_id=${department.id}&year_of_study_id=${year.id}&level_id=${level.id}`,
    )
  ).find((c) => c.name === '2A');
  if (!klass) throw new Error('no class 2A');
  return {
    token,
    department,
    year,
    period: { id: period.id, name: period.periode.name },
    level,
    klass,
    freeLabel: place.free[0],
    freeMm: monthValue(place.free[0]),
    thisMm: monthValue(place.thisMonth),
  };
}

/** The six selects of a class-month screen: class 2A of the place, in `month`. */
async function pickClass2A(page: Page, place: Place, month: string) {
  await pick(page, 'Departemen', place.department.name);
  await pick(page, 'Tahun Ajaran', place.year.name);
  await pick(page, 'Periode KBM', place.period.name);
  await pick(page, 'Tingkat', place.level.name);
  await pick(page, 'Kelas', place.klass.name);
  await pick(page, 'Bulan', month);
}

const billTable = (page: Page) => page.getByRole('table', { name: 'Daftar Billing Siswa' });
const billRows = (page: Page) => billTable(page).locator('tbody tr.ant-table-row');

/** Clicks a PDF button: the API answers a PDF (read back: '%PDF'), and a new tab opens it. */
async function opensPdf(page: Page, button: Locator, path: RegExp) {
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => path.test(new URL(r.url()).pathname)),
    button.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(() => popup.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await popup.close();
}

test('charge a class from the fee list, see its bills with the server totals, confirm them all', async ({
  page,
  request,
}) => {
  test.slow(); // two screens of six selects, a charge of a whole class
  const place = await billingPlace(request);
  const students = await apiGet<unknown[]>(
    request,
    place.token,
    `/api/student-all?department_id=${place.department.id}&class_id=${place.klass.id}&study_status=1`,
  );
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();

  // The fee list: generate the class-month's components, then charge them to the class.
  await page.goto('/student-fee-component');
  await pickClass2A(page, place, place.freeLabel);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await page.getByRole('button', { name: 'Generate Komponen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText(/Berhasil Generate Komponen/)).toBeVisible();
  await expect(page.getByLabel('Pilih SPP')).toBeEnabled();

  await page.getByRole('button', { name: 'Bebankan ke Siswa' }).click();
  const charge = page.getByRole('dialog');
  await expect(charge.getByText('Membebankan Komponen Pada Siswa')).toBeVisible();
  await charge.getByRole('button', { name: 'Bebankan' }).click();
  const toast = page.getByText(/^Berhasil Membebankan Komponen Pada Siswa/);
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText(`${students.length} billing baru dibuat`);
  // Charged: the components are locked.
  await expect(page.getByLabel('SPP sudah dibebankan ke siswa')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ubah Biaya SPP' })).toHaveCount(0);

  // The billing list of that class-month: one unconfirmed main bill per student, the server's totals.
  await page.goto('/student-billing');
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeEnabled();
  await pickClass2A(page, place, place.freeLabel);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(billRows(page)).toHaveCount(students.length);
  await expect(billTable(page).getByText('Terkonfirmasi')).toHaveCount(0);
  const filter = `department_id=${place.department.id}&year_of_study_id=${place.year.id}&yos_periode_id=${place.period.id}&level_id=${place.level.id}&class_id=${place.klass.id}&mm=${place.freeMm}`;
  const { resume } = await apiGet<{ resume: Record<string, number> }>(
    request,
    place.token,
    `/api/student-billing?${filter}&with_resume=true`,
  );
  for (const key of [
    'sum_total_amount',
    'sum_total_discount',
    'sum_total_bail',
    'sum_total_payment',
    'sum_total_billing',
  ]) {
    await expect(page.getByTestId(key)).toHaveText(/Rp/);
    expect(digits(await page.getByTestId(key).textContent()), key).toBe(String(resume[key]));
  }
  expect(resume.sum_total_amount).toBeGreaterThan(0);

  // Konfirmasi Billing acts on what the list shows: searched down to one student, it confirms that one only.
  const first = billTable(page).locator('tbody tr.ant-table-row').first();
  const firstName = (await first.locator('td').nth(3).locator('strong').textContent()) ?? '';
  const search = page.getByLabel('Cari nama siswa, NIS atau nomor billing');
  await search.fill(firstName);
  await search.press('Enter');
  await expect(billRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Konfirmasi Billing' }).click();
  const confirmOne = page.getByRole('dialog');
  await expect(confirmOne.getByText('mengkonfirmasi 1 billing', { exact: false })).toBeVisible();
  await confirmOne.getByRole('button', { name: 'Ya' }).click();
  const oneConfirmed = page.getByText(/Konfirmasi Form Billing Siswa Berhasil/);
  await expect(oneConfirmed).toContainText('1 billing dikonfirmasi');
  // Toasts are not deduplicated (docs/validation.md): close this one so the next confirmation's toast is the only one.
  await page.getByRole('button', { name: 'Tutup notifikasi' }).first().click();
  await expect(oneConfirmed).toHaveCount(0);
  await search.fill('');
  await search.press('Enter');
  await expect(billRows(page)).toHaveCount(students.length);
  await expect(billTable(page).getByText('Terkonfirmasi')).toHaveCount(1);

  // Without a search: the dialog states the count, then every other bill of the filter is confirmed.
  await page.getByRole('button', { name: 'Konfirmasi Billing' }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText(`mengkonfirmasi ${students.length - 1} billing`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText(/Konfirmasi Form Billing Siswa Berhasil/)).toBeVisible();
  await expect(billTable(page).getByText('Belum Konfirmasi')).toHaveCount(0);
  await expect(billTable(page).getByText('Terkonfirmasi')).toHaveCount(students.length);
});

test('add an extra bill for two students, then delete one', async ({ page, request }) => {
  test.slow();
  const place = await billingPlace(request);
  // A component of the class-month no student has yet: Seragam (set up through the API).
  const six = `department_id=${place.department.id}&year_of_study_id=${place.year.id}&yos_periode_id=${place.period.id}&level_id=${place.level.id}&class_id=${place.klass.id}&mm=${place.freeMm}`;
  const existing = await apiGet<{ name: string }[]>(
    request,
    place.token,
    `/api/student-fee-component-all?${six}`,
  );
  if (!existing.some((c) => c.name === 'Seragam Batik')) {
    const feeTypes = await apiGet<Named[]>(request, place.token, '/api/ref-fee-types-getall');
    const created = await request.post(`${API}/api/student-fee-component`, {
      headers: { Authorization: `Bearer ${place.token}` },
      data: {
        department_id: place.department.id,
        year_of_study_id: place.year.id,
        yos_periode_id: place.period.id,
        level_id: place.level.id,
        class_id: place.klass.id,
        mm: place.freeMm,
        fee_type_id: feeTypes.find((t) => t.name === 'Seragam')?.id,
        ftype: 1,
        name: 'Seragam Batik',
        price: 185_000,
        description: null,
      },
    });
    expect(created.status()).toBe(201);
  }

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing');
  await page.getByRole('button', { name: 'Tambah Billing Tambahan Siswa' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Tambahan Siswa' })).toBeVisible();
  // Nothing chosen: the three messages (and the required selects).
  await page.getByRole('button', { name: 'Buat Billing Tambahan' }).click();
  for (const message of ['Tanggal Tidak Boleh Kosong', 'Komponen Harus Dipilih', 'Siswa Harus Dipilih']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await pickClass2A(page, place, place.freeLabel);
  const date = page.getByLabel('Tanggal', { exact: true });
  await date.click();
  await date.fill(`02-${place.freeMm.slice(5, 7)}-${place.freeMm.slice(0, 4)}`);
  await date.press('Enter');
  await page.getByLabel('Pilih Seragam Batik').check();
  const studentRows = page.getByRole('table', { name: 'Target Siswa' }).locator('tbody tr.ant-table-row');
  await expect(studentRows.first()).toBeVisible();
  const names = [
    (await studentRows.nth(0).locator('td').nth(2).textContent()) ?? '',
    (await studentRows.nth(1).locator('td').nth(2).textContent()) ?? '',
  ];
  for (const name of names) await page.getByLabel(`Pilih ${name}`, { exact: true }).check();
  await page.getByRole('button', { name: 'Buat Billing Tambahan' }).click();
  await expect(page.getByText(/Data berhasil ditambahkan\./)).toContainText('2 billing tambahan dibuat');
  await expect(page).toHaveURL(/\/student-billing$/);

  // The class-month's extra bills: the two new ones, unconfirmed, deletable.
  await pickClass2A(page, place, place.freeLabel);
  await pick(page, 'Tipe Billing', 'Extra');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(billRows(page)).toHaveCount(2);
  const first = billRows(page).filter({ hasText: names[0] });
  await first.getByRole('button', { name: /^Hapus / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Apakah Anda yakin untuk menghapus data billing/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText('Data berhasil dihapus')).toBeVisible();
  await expect(billRows(page)).toHaveCount(1);
  await expect(billRows(page)).toContainText(names[1] ?? '');
});

interface BillRow {
  id: number;
  bill_number: string;
  form_status: number;
  total_payment: number;
  total_billing: number;
  type: number;
  class: { name: string };
  student_id: number;
  student: { name: string; nis: string };
}

test('pay part of a bill with the keyboard, the rest with the mouse, then withdraw the confirmation', async ({
  page,
  request,
}) => {
  test.slow();
  // The printed note that opens after paying prints itself: count, do not open a dialog.
  await page.addInitScript(() => {
    window.print = () => {};
  });
  const place = await billingPlace(request);
  // A demo bill of this month: main, confirmed, nothing paid, outside the classes other tests change.
  const list = await apiGet<{ data: BillRow[] }>(
    request,
    place.token,
    `/api/student-billing?department_id=${place.department.id}&year_of_study_id=${place.year.id}&mm=${place.thisMm}&type=1&payment_status=0&limit=100`,
  );
  const bill = list.data.find(
    (b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name),
  );
  if (!bill) throw new Error('no unpaid confirmed bill this month');
  const detail = await apiGet<{
    student: { name: string };
    student_billing_items: { student_fee_component: { name: string }; total_billing: number }[];
  }>(request, place.token, `/api/student-billing/${bill.id}`);
  const firstItem = detail.student_billing_items.find((i) => i.total_billing > 100_000);
  if (!firstItem) throw new Error('no item above Rp 100.000');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing');

  // Keyboard only, from the list to the bill: Tampilkan, the search, the Detail link.
  const show = page.getByRole('button', { name: 'Tampilkan' });
  await expect(show).toBeEnabled();
  await tabTo(page, show);
  await page.keyboard.press('Enter');
  await expect(billRows(page).first()).toBeVisible();
  const search = page.getByLabel('Cari nama siswa, NIS atau nomor billing');
  await tabTo(page, search);
  await page.keyboard.type(bill.bill_number);
  await page.keyboard.press('Enter');
  await expect(billRows(page)).toHaveCount(1);
  const detailLink = page.getByRole('link', { name: new RegExp(`^Detail ${bill.bill_number}`) });
  await tabTo(page, detailLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/student-billing/show/${bill.id}$`));
  await expect(page.getByText('Billing Detail Siswa')).toBeVisible();

  // The payment form: 100.000 on one item, 0 on the others, Tab between them, Enter, then Ya (focused).
  const payable = detail.student_billing_items.filter((i) => i.total_billing > 0);
  const amountOf = (item: (typeof payable)[number]) =>
    page.getByLabel(`Bayar ${item.student_fee_component.name}`);
  await tabTo(page, amountOf(payable[0] as (typeof payable)[number]));
  for (const [index, item] of payable.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await expect(amountOf(item)).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(item === firstItem ? '100000' : '0');
  }
  await expect(page.getByTestId('payment-total')).toHaveText('Rp 100.000');
  await page.keyboard.press('Enter');
  const confirmPay = page.getByRole('dialog');
  await expect(confirmPay.getByText('Apakah Anda yakin untuk membayar billing ini ?')).toBeVisible();
  await expect(confirmPay.getByRole('button', { name: 'Ya' })).toBeFocused();
  await page.keyboard.press('Enter');
  const paid = page.getByText('Pembayaran Berhasil');
  await expect(paid).toBeVisible();
  // The printed note of the payment opens (the receipts remote answers this route).
  await expect(page).toHaveURL(/\/bill-show\?studentBillingPaymentId=\d+&type=1$/);
  // Toasts are not deduplicated (docs/validation.md): close this one so the second payment's toast is the only one.
  await page.getByRole('button', { name: 'Tutup notifikasi' }).first().click();
  await expect(paid).toHaveCount(0);

  // Back on the bill: the history has the payment, still Belum Lunas, less to pay.
  await page.goBack();
  const history = page.getByRole('article');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Rp 100.000');
  await expect(history.first().getByRole('link', { name: /^Kuitansi / })).toHaveAttribute(
    'href',
    new RegExp(`/student-billing/show/${bill.id}/receipt-show\\?studentBillingPaymentId=\\d+$`),
  );
  await expect(page.getByTestId('bill-total-billing')).toHaveText(
    `Rp ${(bill.total_billing - 100_000).toLocaleString('id-ID')}`,
  );
  const card = page.locator('.ant-card').filter({ hasText: 'Billing Detail Siswa' });
  await expect(card.getByText('Belum Lunas')).toBeVisible();

  // Both PDFs: fetched with the token, answered as PDF, opened in a new tab.
  await opensPdf(
    page,
    page.getByRole('button', { name: 'Billing Detail (PDF)' }),
    /\/api\/student-billing-pdf\/\d+$/,
  );
  await opensPdf(
    page,
    page.getByRole('button', { name: 'Semua Tagihan (PDF)' }),
    /\/api\/student-billing-pdf$/,
  );

  // A date before the bill's is not put back silently: it stays, with the reason next to the field.
  const paymentDate = page.getByLabel('Tanggal Bayar');
  const todayShown = await paymentDate.inputValue();
  await paymentDate.click();
  await paymentDate.press('Control+A');
  await paymentDate.pressSequentially('01-01-2020');
  // Tab, not Enter: Enter in a field of the form submits it.
  await paymentDate.press('Tab');
  await expect(paymentDate).toHaveValue('01-01-2020');
  const dateReason = page.getByText('Tanggal Bayar tidak boleh sebelum tanggal billing');
  await expect(dateReason).toBeVisible();
  await paymentDate.click();
  await paymentDate.press('Control+A');
  await paymentDate.pressSequentially(todayShown);
  await paymentDate.press('Tab');
  await expect(dateReason).toHaveCount(0);

  // Every select can be typed into: 'tra' and Enter pick Transfer, with no mouse (and Keterangan appears).
  await page.getByLabel('Tipe Pembayaran').focus();
  await page.keyboard.type('tra');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select', { has: page.getByLabel('Tipe Pembayaran') })).toContainText(
    'Transfer',
  );
  await expect(page.getByLabel('Keterangan')).toBeVisible();

  // The rest: every amount defaults to what is due.
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(paid).toBeVisible();
  await expect(page).toHaveURL(/\/bill-show\?studentBillingPaymentId=\d+&type=1$/);
  await page.goBack();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card.getByText('Lunas', { exact: true })).toBeVisible();
  await expect(page.getByTestId('bill-total-billing')).toHaveText('Rp 0');
  await expect(page.getByRole('form', { name: 'Form Pembayaran' })).toHaveCount(0);

  // Withdraw the confirmation: the payments are voided (kept, marked), the totals come back.
  await page.getByRole('button', { name: 'Batalkan Konfirmasi' }).click();
  const unconfirm = page.getByRole('dialog');
  await expect(unconfirm.getByText(/2 pembayaran billing ini akan dibatalkan \(void\)/)).toBeVisible();
  await unconfirm.getByLabel('Alasan pembatalan (opsional)').fill('Uji pembatalan e2e');
  await unconfirm.getByRole('button', { name: 'Ya, Batalkan Konfirmasi' }).click();
  await expect(page.getByText('Konfirmasi billing berhasil dibatalkan')).toBeVisible();
  await expect(card.getByText('Belum Konfirmasi', { exact: true })).toBeVisible();
  await expect(page.getByTestId('bill-total-billing')).toHaveText(
    `Rp ${bill.total_billing.toLocaleString('id-ID')}`,
  );
  await expect(page.getByText('Dibatalkan (void)')).toHaveCount(2);
  await expect(page.getByTestId('void-info').first()).toContainText('Uji pembatalan e2e');

  // The item paid first was added by mistake: while unconfirmed it can be removed, though a (now voided)
  // payment named it. It leaves every total and stays listed with who removed it and why.
  await page.getByRole('button', { name: `Hapus ${firstItem.student_fee_component.name}` }).click();
  const removal = page.getByRole('dialog');
  await expect(removal.getByText(/pernah dibayar \(pembayarannya sudah dibatalkan\)/)).toBeVisible();
  await removal.getByLabel('Alasan penghapusan (opsional)').fill('Salah tambah komponen');
  await removal.getByRole('button', { name: 'Ya' }).click();
  const removed = page.getByRole('table', { name: 'Komponen Dihapus' });
  await expect(removed).toContainText(firstItem.student_fee_component.name);
  await expect(removed).toContainText('Salah tambah komponen');
  const me = await apiGet<{ name: string }>(request, place.token, '/api/auth/me');
  await expect(removed).toContainText(me.name);
  const rest = bill.total_billing - firstItem.total_billing;
  await expect(page.getByTestId('bill-total-billing')).toHaveText(`Rp ${rest.toLocaleString('id-ID')}`);
  await expect(
    page.getByRole('button', { name: `Hapus ${firstItem.student_fee_component.name}` }),
  ).toHaveCount(0);

  // Confirmed again, the bill is payable in full again, without the removed item.
  await page.getByRole('button', { name: 'Konfirmasi Billing' }).click();
  await expect(page.getByText('Konfirmasi billing Berhasil', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText(`Rp ${rest.toLocaleString('id-ID')}`);
  await expect(page.getByLabel(`Bayar ${firstItem.student_fee_component.name}`)).toHaveCount(0);
});

test('from any screen to a printed receipt with the keyboard alone: Ctrl+K, the student, their unpaid bills, pay', async ({
  page,
  request,
}) => {
  test.slow();
  await page.addInitScript(() => {
    window.print = () => {};
  });
  const place = await billingPlace(request);
  // A demo bill of this month, confirmed, nothing paid: the last such one (the test above takes the first).
  const list = await apiGet<{ data: BillRow[] }>(
    request,
    place.token,
    `/api/student-billing?department_id=${place.department.id}&year_of_study_id=${place.year.id}&mm=${place.thisMm}&type=1&payment_status=0&limit=100`,
  );
  const bill = list.data
    .filter((b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name))
    .at(-1);
  if (!bill) throw new Error('no unpaid confirmed bill this month');
  // Every bill of the student's year that can be paid today: the page ticks them all.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const owed = (
    await apiGet<{ data: (BillRow & { bill_date: string; payment_status: number })[] }>(
      request,
      place.token,
      `/api/student-billing?department_id=${place.department.id}&year_of_study_id=${place.year.id}&student_id=${bill.student_id}&limit=100`,
    )
  ).data.filter((b) => b.form_status === 1 && b.payment_status === 0 && b.bill_date <= today);
  const owedTotal = owed.reduce((sum, b) => sum + b.total_billing, 0);

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  // Typed at once, while the search is still loading: nothing typed is lost.
  await page.keyboard.press('Control+K');
  await page.keyboard.type(bill.student.nis);
  const search = page.getByRole('dialog', { name: 'Cari Siswa' });
  const box = search.getByRole('combobox', { name: 'Nama atau NIS siswa' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(bill.student.nis);
  const options = search.getByRole('option');
  await expect(options.filter({ hasText: bill.student.name })).toHaveCount(1);
  // Another NIS may contain this one: arrow down to the student's line.
  const names = await options.allTextContents();
  const index = names.findIndex((text) => text.includes(bill.student.name));
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // Tagihan Siswa: the unpaid bills ticked, one payment form over all of them.
  await expect(page).toHaveURL(new RegExp(`/student-billing/student/${bill.student_id}$`));
  await expect(page.getByText(bill.student.nis, { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Daftar Tagihan Siswa' });
  for (const b of owed)
    await expect(table.getByRole('checkbox', { name: `Bayar ${b.bill_number}` })).toBeChecked();
  const form = page.getByRole('form', { name: 'Form Pembayaran' });
  await expect(form.getByTestId('payment-total')).toHaveText(`Rp ${owedTotal.toLocaleString('id-ID')}`);

  // Every amount defaults to what is due: Tab to the first, Enter, then Ya (focused).
  await tabTo(page, form.getByRole('textbox').first());
  await page.keyboard.press('Enter');
  const confirmPay = page.getByRole('dialog');
  await expect(confirmPay.getByRole('button', { name: 'Ya' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pembayaran Berhasil')).toBeVisible();
  // One receipt for every bill, ready to print.
  await expect(page).toHaveURL(
    new RegExp(`/student-billing/show/${owed[0]?.id}/receipt-show\\?studentBillingPaymentId=\\d+$`),
  );
  await expect(page.getByText(bill.student.name).first()).toBeVisible();
  await expect(page.getByText(`Rp ${owedTotal.toLocaleString('id-ID')}`).first()).toBeVisible();
  for (const b of owed) {
    const detail = await apiGet<{ payment_status: number }>(
      request,
      place.token,
      `/api/student-billing/${b.id}`,
    );
    expect(detail.payment_status).toBe(1);
  }
});

test('the billing list fits a 1366 x 768 laptop: every column readable without scrolling sideways, ten rows at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing');
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeEnabled();
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const table = billTable(page);
  await expect(billRows(page)).toHaveCount(50);
  const headers = [
    'No.',
    'No. Billing',
    'Siswa',
    'Total Biaya',
    'Diskon',
    'Ditanggung',
    'Pembayaran',
    'Sisa Tagihan Jatuh Tempo',
    'Status',
    'Aksi',
  ];
  for (const name of headers) {
    const box = await table.getByRole('columnheader', { name, exact: true }).boundingBox();
    if (!box) throw new Error(`no ${name}`);
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} inside the screen`).toBeLessThanOrEqual(1366);
  }
  // Nothing hidden to the right: the table does not scroll sideways, and no column is pinned over another.
  const sideways = await table.evaluate((element) => {
    const area = element.closest('.ant-table-container') as HTMLElement;
    return area.scrollWidth - area.clientWidth;
  });
  expect(sideways).toBeLessThanOrEqual(0);
  await expect(table.locator('.ant-table-cell-fix-right')).toHaveCount(0);
  // Scrolled to the list: at least ten whole rows on the screen.
  await table.locator('thead').evaluate((head) => head.scrollIntoView());
  const whole = await billRows(page).evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(whole).toBeGreaterThanOrEqual(10);
});
