import { expect, type Locator, type Page, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, pick, signIn } from './helpers';

// Billing Peserta PSB and Billing Peserta Mutasi end to end (one set of screens, one per event type): the real
// API (demo data), the production builds, Chromium. The demo data has unpaid, partly paid and paid prospect
// bills for both event types; each journey takes a partly paid bill of its type (form fee paid, Uang Pangkal
// and Seragam due).

/** The two screens: an admission event's bills and a transfer event's. */
const AREAS = [
  { stype: 1, title: 'Billing Peserta PSB', path: '/prospective-billing' },
  { stype: 2, title: 'Billing Peserta Mutasi', path: '/mutation-billing' },
] as const;

interface ProspectBill {
  id: number;
  bill_number: string;
  total_payment: number;
  total_billing: number;
  payment_status: number;
  department: { id: number; name: string };
  psb_event_stype: { id: number; name: string };
  psb_event: { id: number; code: string; name: string };
  psb_event_prospective: { name: string; reg_number: string; yoe: number };
}
interface ProspectBillDetail extends ProspectBill {
  prospective_billing_items: {
    id: number;
    total_billing: number;
    psb_event_prospective_fee: { psb_event_fee: { name: string } };
  }[];
  prospective_billing_payments: { id: number }[];
}

const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;
const feeName = (item: ProspectBillDetail['prospective_billing_items'][number]) =>
  item.psb_event_prospective_fee.psb_event_fee.name;
const listRows = (page: Page, title: string) =>
  page.getByRole('table', { name: `Daftar ${title}` }).locator('tbody tr.ant-table-row');

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Waits for the app to open Kuitansi Calon Siswa of a new payment (the receipts remote's route). */
const receiptOpens = (page: Page, path: string, billId: number) =>
  page.waitForEvent('framenavigated', {
    predicate: (frame) =>
      new RegExp(`${path}/show/${billId}/receipt-show\\?prospectiveBillingPaymentId=\\d+$`).test(frame.url()),
  });

test.beforeEach(async ({ page }) => {
  // The receipt prints itself once open: no print dialog in a headless run.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
});

for (const { stype, title, path } of AREAS) {
  test(`${title}: filter the list, pay a partly paid bill in two parts; a stale amount beyond what is due is refused`, async ({
    page,
    request,
  }) => {
    test.slow();
    const { token } = await apiToken(request, ACCOUNTS.finance);
    const unpaid = await apiGet<{ data: ProspectBill[] }>(
      request,
      token,
      `/api/prospective-billing?stype=${stype}&payment_status=0&limit=100`,
    );
    // Partly paid, with at least two fees still due (the form fee paid, the others not).
    let found: { bill: ProspectBill; detail: ProspectBillDetail } | undefined;
    for (const candidate of unpaid.data.filter((b) => b.total_payment > 0 && b.total_billing > 0)) {
      const loaded = await apiGet<ProspectBillDetail>(
        request,
        token,
        `/api/prospective-billing/${candidate.id}`,
      );
      if (loaded.prospective_billing_items.filter((i) => i.total_billing > 0).length >= 2) {
        found = { bill: candidate, detail: loaded };
        break;
      }
    }
    if (!found)
      throw new Error(`no partly paid bill of event type ${stype} with two fees due in the demo data`);
    const { bill, detail } = found;
    const due = detail.prospective_billing_items.filter((i) => i.total_billing > 0);
    // The largest fee due (another cashier takes part of it) and the smallest (part one pays it alone).
    const bySize = [...due].sort((a, b) => b.total_billing - a.total_billing);
    const big = bySize[0] as (typeof due)[number];
    const small = bySize.at(-1) as (typeof due)[number];

    await signIn(page, ACCOUNTS.finance);
    await expect(page.getByTestId('active_student_total')).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();

    // The filters: department, entry year, event, Belum Lunas; every row then is of that event and unpaid.
    await pick(page, 'Departemen', bill.department.name);
    await pick(page, 'Tahun Masuk', String(bill.psb_event_prospective.yoe));
    await pick(page, 'Event', `${bill.psb_event.code} - ${bill.psb_event.name}`);
    await pick(page, 'Status Pembayaran', 'Belum Lunas');
    await expect(listRows(page, title).first()).toBeVisible();
    const rows = listRows(page, title);
    await expect(rows.filter({ hasNotText: bill.psb_event.code })).toHaveCount(0);
    // Retried until the list has settled: a count taken once could be of the list before the last filter.
    await expect(rows.filter({ hasNotText: 'Belum Lunas' })).toHaveCount(0);
    // Lunas: the partly paid bill is not among them.
    await pick(page, 'Status Pembayaran', 'Lunas');
    await expect(rows.filter({ hasText: bill.bill_number })).toHaveCount(0);
    await pick(page, 'Status Pembayaran', 'Belum Lunas');

    // Keyboard only, from the search to the bill.
    const search = page.getByLabel(`Cari ${title}`);
    await tabTo(page, search);
    await page.keyboard.type(bill.psb_event_prospective.reg_number);
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(bill.psb_event_prospective.name);
    const detailLink = page.getByRole('link', { name: new RegExp(`^Detail ${bill.bill_number} `) });
    await tabTo(page, detailLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}/show/${bill.id}$`));
    const card = page.locator('.ant-card').filter({ hasText: 'Billing Detail Calon Siswa' });
    await expect(card).toContainText(bill.psb_event_prospective.name);
    await expect(page.getByTestId('bill-total-billing')).toHaveText(rupiah(bill.total_billing));
    await expect(page.getByRole('article')).toHaveCount(detail.prospective_billing_payments.length);
    await expect(page.getByLabel('Nama Pembayar')).toHaveValue(bill.psb_event_prospective.name);

    // Another cashier takes 100.000 of the bill meanwhile: this form still offers the full amounts.
    const elsewhere = await request.post(`${API}/api/prospective-billing-pay/${bill.id}`, {
      headers: {
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': `e2e-elsewhere-${bill.id}-${Date.now()}`,
      },
      data: { prospective_billing_items: [{ id: big.id, payment_amount: 100_000 }], ptype: 1 },
    });
    expect(elsewhere.status()).toBe(201);
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
    // Refused with the reason, nothing paid; the bill reloads with the other payment in it.
    await expect(page.getByText(/Jumlah bayar melebihi sisa tagihan/).first()).toBeVisible();
    const afterElsewhere = bill.total_billing - 100_000;
    await expect(page.getByTestId('bill-total-billing')).toHaveText(rupiah(afterElsewhere));
    await expect(page.getByRole('article')).toHaveCount(detail.prospective_billing_payments.length + 1);

    // Part one, with the keyboard: the smallest fee only (every other one set to 0); too little money is
    // refused with its message.
    const amountOf = (item: (typeof due)[number]) => page.getByLabel(`Bayar ${feeName(item)}`);
    for (const other of due.filter((item) => item !== small)) {
      await tabTo(page, amountOf(other));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('0');
    }
    await amountOf(small).focus();
    await expect(page.getByTestId('payment-total')).toHaveText(rupiah(small.total_billing));
    await expect(page.getByTestId('payment-remaining')).toHaveText(
      rupiah(afterElsewhere - small.total_billing),
    );
    const given = page.getByLabel('Jumlah Uang');
    await tabTo(page, given);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Mohon masukkan nilai uang yang lebih besar atau sama dengan Total Bayar.'),
    ).toBeVisible();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(small.total_billing + 50_000));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Apakah Anda yakin untuk membayar billing ini ?')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Ya' })).toBeFocused();
    const firstReceipt = receiptOpens(page, path, bill.id);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Pembayaran Berhasil')).toBeVisible();
    await firstReceipt;
    // Kuitansi Calon Siswa, from the receipts remote, under this screen's path.
    await expect(page.getByText(bill.psb_event_prospective.name).first()).toBeVisible();

    // Back on the bill: one more payment, less to pay, still Belum Lunas.
    await page.goto(`${path}/show/${bill.id}`);
    const history = page.getByRole('article');
    await expect(history).toHaveCount(detail.prospective_billing_payments.length + 2);
    await expect(history.last()).toContainText(rupiah(small.total_billing));
    await expect(history.last()).toContainText(rupiah(50_000)); // Kembali
    await expect(history.last().getByRole('link', { name: /^Kuitansi / })).toHaveAttribute(
      'href',
      new RegExp(`${path}/show/${bill.id}/receipt-show\\?prospectiveBillingPaymentId=\\d+$`),
    );
    const left = afterElsewhere - small.total_billing;
    await expect(page.getByTestId('bill-total-billing')).toHaveText(rupiah(left));
    await expect(card.getByText('Belum Lunas')).toBeVisible();

    // Part two, with the mouse: what is left, as the form offers it.
    await expect(page.getByTestId('payment-total')).toHaveText(rupiah(left));
    const secondReceipt = receiptOpens(page, path, bill.id);
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
    await expect(page.getByText('Pembayaran Berhasil')).toBeVisible();
    await secondReceipt;
    await page.goto(`${path}/show/${bill.id}`);
    await expect(page.getByRole('article')).toHaveCount(detail.prospective_billing_payments.length + 3);
    await expect(page.getByTestId('bill-total-billing')).toHaveText('Rp 0');
    await expect(card.getByText('Lunas', { exact: true })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Form Pembayaran' })).toHaveCount(0);

    // The server agrees: paid in full.
    const after = await apiGet<ProspectBill>(request, token, `/api/prospective-billing/${bill.id}`);
    expect(after.payment_status).toBe(1);
    expect(after.total_payment).toBe(bill.total_payment + bill.total_billing);
  });
}

test('a paid bill of each event type shows its payments and offers no form, on its own screen', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  for (const { stype, path } of AREAS) {
    const paid = await apiGet<{ data: ProspectBill[] }>(
      request,
      token,
      `/api/prospective-billing?stype=${stype}&payment_status=1&limit=5`,
    );
    const bill = paid.data[0];
    if (!bill) throw new Error(`no paid bill of event type ${stype}`);
    // Opened from the PSB path (an old link): a transfer bill moves to Billing Peserta Mutasi.
    await page.goto(`/prospective-billing/show/${bill.id}`);
    await expect(page).toHaveURL(new RegExp(`${path}/show/${bill.id}$`));
    const card = page.locator('.ant-card').filter({ hasText: 'Billing Detail Calon Siswa' });
    await expect(card).toContainText(bill.bill_number);
    await expect(card).toContainText(bill.psb_event_stype.name);
    await expect(card.getByText('Lunas', { exact: true })).toBeVisible();
    await expect(page.getByTestId('bill-total-billing')).toHaveText('Rp 0');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Form Pembayaran' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
  }
});
