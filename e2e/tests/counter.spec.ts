// At the counter (issue 41): the keyboard path from Ctrl+K to a saved payment, counted; the counter's keys; the
// screens at 1366 px with nothing needed pushed off-screen; every time on the branch's clock in a browser set to
// another zone. The real API (demo data), the production builds, Chromium.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { classMonth, pickClassMonth } from './class-month';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

type Named = { id: number; name: string };
interface Bill {
  id: number;
  bill_number: string;
  student_id: number;
  student: { name: string; nis: string };
  class: { name: string };
  form_status: number;
  payment_status: number;
  total_payment: number;
  total_billing: number;
  bill_date: string;
}
interface Item {
  id: number;
  total_billing: number;
  student_fee_component: { name: string };
  discount_rule: { name: string; reason: string } | null;
}
interface Payment {
  is_void: boolean;
  voided_at: string | null;
}
interface BillDetail extends Bill {
  student_billing_items: Item[];
  student_billing_payments: Payment[];
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
const rupiah = (n: number) => n.toLocaleString('id-ID');

/** The first department's current year (as the demo data has it) and a finance token. */
async function place(request: APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<Named[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<Named[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  if (!department || !year) throw new Error('no department or year');
  const bills = (query: string) =>
    apiGet<{ data: Bill[] }>(
      request,
      token,
      `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&limit=100&${query}`,
    ).then((answer) => answer.data);
  return { token, bills };
}

/** A student with bills payable today and nothing paid on them yet, and what those bills owe together. */
async function owingStudent(request: APIRequestContext, pick: (bills: Bill[]) => Bill | undefined) {
  const { bills } = await place(request);
  const candidates = (await bills('type=1&payment_status=0')).filter(
    (b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name),
  );
  const bill = pick(candidates);
  if (!bill) throw new Error('no unpaid confirmed bill');
  const owed = (await bills(`student_id=${bill.student_id}`)).filter(
    (b) => b.form_status === 1 && b.payment_status === 0 && b.bill_date <= today(),
  );
  return {
    student: bill.student,
    studentId: bill.student_id,
    owed: owed.reduce((s, b) => s + b.total_billing, 0),
  };
}

/** Counts every key pressed: the counter's goal is a number of presses, not a time. */
function keyCounter(page: Page) {
  let count = 0;
  const press = async (key: string) => {
    count += 1;
    await page.keyboard.press(key);
  };
  return {
    press,
    type: async (text: string) => {
      for (const key of text) await press(key);
    },
    get count() {
      return count;
    },
  };
}

/** Ctrl+K, the NIS, the arrows to the student if another NIS holds this one, Enter. */
async function findByKeyboard(page: Page, keys: ReturnType<typeof keyCounter>, student: Bill['student']) {
  await keys.press('Control+K');
  await keys.type(student.nis);
  const options = page.getByRole('dialog', { name: 'Cari Siswa' }).getByRole('option');
  await expect(options.filter({ hasText: student.name })).toHaveCount(1);
  const names = await options.allTextContents();
  const index = names.findIndex((text) => text.includes(student.name));
  for (let i = 0; i < index; i++) await keys.press('ArrowDown');
  await keys.press('Enter');
}

test('Ctrl+K to a saved payment in at most 15 key presses, and the print dialog follows', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls += 1;
    };
  });
  const { student, studentId, owed } = await owingStudent(request, (bills) => bills.at(-2));
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  const keys = keyCounter(page);

  await findByKeyboard(page, keys, student);
  await expect(page).toHaveURL(new RegExp(`/student-billing/student/${studentId}$`));
  const payAll = page.getByRole('button', { name: 'Bayar Semua Tunggakan' });
  await expect(payAll).toBeFocused();
  await keys.press('Enter');
  // Jumlah Uang, proposing what the ticked bills owe, selected: typing replaces it, Enter accepts it.
  const given = page.getByRole('form', { name: 'Form Pembayaran' }).getByLabel('Jumlah Uang');
  await expect(given).toBeFocused();
  await expect(given).toHaveValue(rupiah(owed));
  const selected = await given.evaluate(
    (el: HTMLInputElement) => (el.selectionEnd ?? 0) - (el.selectionStart ?? 0),
  );
  expect(selected).toBe(rupiah(owed).length);
  await keys.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Ya' })).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByText('Pembayaran Berhasil')).toBeVisible();
  expect(keys.count, 'key presses from Ctrl+K to a saved payment').toBeLessThanOrEqual(15);

  // The Kuitansi opens and prints itself.
  await expect(page).toHaveURL(/\/receipt-show\?studentBillingPaymentId=\d+$/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(1);
  console.log(`counter path: ${keys.count} key presses for NIS ${student.nis}`);
});

test('the Tab after Bayar Semua Tunggakan is not a filter; F8 and F2 put Rp 100.000 and the exact amount', async ({
  page,
  request,
}) => {
  const { studentId, owed } = await owingStudent(request, (bills) => bills.at(-3));
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto(`/student-billing/student/${studentId}`);
  const payAll = page.getByRole('button', { name: 'Bayar Semua Tunggakan' });
  await expect(payAll).toBeFocused();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveCount(1);
  // Not Keterlambatan or Urutkan (antd selects are comboboxes), and on into the bills' table.
  await expect(focused).not.toHaveAttribute('role', 'combobox');
  expect(
    await focused.evaluate((el) => el.closest('[aria-label="Daftar Tagihan Siswa"], .ant-table') !== null),
  ).toBe(true);

  await payAll.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Form Pembayaran' });
  const given = form.getByLabel('Jumlah Uang');
  await expect(given).toBeFocused();
  await page.keyboard.press('F2');
  await expect(given).toHaveValue(rupiah(owed));
  await expect(form.getByTestId('payment-change')).toHaveText('Rp 0');
  // A banknote below what is owed pays that much, oldest bill first (as a typed amount left); Uang Pas then
  // matches the new Total Bayar.
  await page.keyboard.press('F8');
  await expect(given).toHaveValue('100.000');
  const paid = Math.min(owed, 100_000);
  await expect(form.getByTestId('payment-total')).toHaveText(`Rp ${rupiah(paid)}`);
  await expect(form.getByTestId('payment-change')).toHaveText(`Rp ${rupiah(100_000 - paid)}`);
  await page.keyboard.press('F2');
  await expect(given).toHaveValue(rupiah(paid));
  for (const name of ['Uang Pas F2', 'Rp 50.000 F4', 'Rp 100.000 F8'])
    await expect(form.getByRole('button', { name })).toBeVisible();
});

/** Everything of `locator` inside the 1366 px screen, left to right. */
async function expectInside(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what}: not shown`);
  expect(box.x, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends on the screen`).toBeLessThanOrEqual(1366);
}

/**
 * An unconfirmed bill with an item showing its discount rule and a voided payment: a confirmed, unpaid bill whose
 * item names a rule, one item paid through the API, then its confirmation withdrawn (which voids the payment).
 */
async function voidedBillWithRuleNote(request: APIRequestContext) {
  const { token, bills } = await place(request);
  const headers = { Authorization: `Bearer ${token}` };
  for (const bill of (await bills('type=1&payment_status=0')).filter((b) => b.form_status === 1)) {
    const detail = await apiGet<BillDetail>(request, token, `/api/student-billing/${bill.id}`);
    const noted = detail.student_billing_items.find((i) => i.discount_rule && i.total_billing > 0);
    const rule = noted?.discount_rule;
    if (!noted || !rule || detail.bill_date > today()) continue;
    const paid = await request.post(`${API}/api/student-billing-pay/${bill.id}`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        student_billing_items: detail.student_billing_items.map((i) => ({
          id: i.id,
          payment_amount: i.id === noted.id ? 1000 : 0,
        })),
        ptype: 1,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const withdrawn = await request.post(`${API}/api/student-billing-xupdate/${bill.id}`, {
      headers,
      data: { field: 'form_status', value: 0, void_reason: 'Uji zona waktu' },
    });
    expect(withdrawn.ok(), await withdrawn.text()).toBeTruthy();
    const after = await apiGet<BillDetail>(request, token, `/api/student-billing/${bill.id}`);
    const voided = after.student_billing_payments.find((p) => p.is_void);
    if (!voided?.voided_at) throw new Error('the payment was not voided');
    return { billId: bill.id, note: rule, voidedAt: voided.voided_at };
  }
  throw new Error('no confirmed unpaid bill with a discount rule on an item');
}

/** '5 Januari 2026 14.05' on the Jakarta clock, written independently of the product's formatter. */
function jakartaTime(iso: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('id-ID', {
      timeZone: 'Asia/Jakarta',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}.${parts.minute}`;
}

test.describe('in a browser set to New York, the branch in Asia/Jakarta', () => {
  test.use({ timezoneId: 'America/New_York', viewport: { width: 1366, height: 768 } });

  test("the bill's void line and its item table at 1366 px, the discount note shown", async ({
    page,
    request,
  }) => {
    const { billId, note, voidedAt } = await voidedBillWithRuleNote(request);
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto(`/student-billing/show/${billId}`);
    await expect(page.getByTestId('void-info')).toContainText(`pada ${jakartaTime(voidedAt)}.`);

    const table = page.getByRole('table', { name: 'Rincian Biaya' });
    await expect(table.getByText(`Potongan: ${note.name} — ${note.reason}`).first()).toBeVisible();
    for (const name of ['Total Biaya', 'Pembayaran', 'Sisa Tagihan', 'Aksi'])
      await expectInside(table.getByRole('columnheader', { name, exact: true }), name);
    await expectInside(table.getByRole('button', { name: /^Hapus / }).first(), 'the delete button');
  });

  test('Token Integrasi: made and valid until on the branch clock', async ({ page, request }) => {
    const { token } = await apiToken(request, ACCOUNTS.finance);
    const made = await request.post(`${API}/api/embed-tokens`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { label: 'e2e zona waktu', scope: 'billing:read', expires_in_minutes: 60 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { data } = (await made.json()) as { data: { created_at: string; expires_at: string } };
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/token-integrasi');
    const row = page.getByRole('row').filter({ hasText: 'e2e zona waktu' }).first();
    await expect(row).toContainText(jakartaTime(data.expires_at));
    await expect(row).toContainText(jakartaTime(data.created_at));
  });
});

test.describe('at 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the two prospect reports read apart in the menu, whole', async ({ page }) => {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.getByRole('navigation', { name: 'Menu utama' }).getByText('Laporan', { exact: true }).click();
    for (const name of ['Laporan Billing Peserta PSB', 'Laporan Billing Peserta Mutasi']) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      // Not cut: the label's box holds all of its text.
      const cut = await link.evaluate((el) => {
        const box = el.closest('.ant-menu-title-content') as HTMLElement;
        return box.scrollWidth - box.clientWidth;
      });
      expect(cut, name).toBeLessThanOrEqual(0);
    }
  });

  test('Komponen Biaya Siswa: Jatuh Tempo is not under the pinned Aksi column', async ({ page, request }) => {
    const where = await classMonth(request);
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/student-fee-component');
    // This month's components of class 1A (the demo data's).
    await pickClassMonth(page, where, where.thisMonth);
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const table = page.getByRole('table', { name: 'Daftar Komponen Biaya Siswa' });
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const due = table.getByRole('columnheader', { name: 'Jatuh Tempo', exact: true });
    const actions = table.getByRole('columnheader', { name: 'Aksi', exact: true });
    await expectInside(due, 'Jatuh Tempo');
    await expectInside(actions, 'Aksi');
    const [dueBox, actionsBox] = [await due.boundingBox(), await actions.boundingBox()];
    expect((dueBox?.x ?? 0) + (dueBox?.width ?? 0)).toBeLessThanOrEqual((actionsBox?.x ?? 0) + 1);
  });

  test('Billing Siswa: Tampilkan brings the totals and four whole bills onto the screen', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto('/student-billing');
    await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeEnabled();
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const rows = page.getByRole('table', { name: 'Daftar Billing Siswa' }).locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect
      .poll(() =>
        rows.evaluateAll(
          (all) =>
            all.filter((row) => {
              const box = row.getBoundingClientRect();
              return box.top >= 0 && box.bottom <= window.innerHeight;
            }).length,
        ),
      )
      // Measured 4 (before: the first bill only partly above the fold, under two rows of filters).
      .toBeGreaterThanOrEqual(4);
  });
});
