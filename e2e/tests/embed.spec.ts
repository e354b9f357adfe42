import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, apiGet, apiToken } from './helpers';
import { PORTS } from './ports';

// Another suite module (e2e/foreign: Akademik, its own rspack build, React copy and router under /akademik/)
// registers the billing remote's manifest at run time and mounts its student-billing view (remote-billing
// README, "Embedding"). Real API, production builds.

const AKADEMIK = `http://127.0.0.1:${PORTS.akademik}/akademik`;

interface Bill {
  id: number;
  bill_number: string;
  form_status: number;
  total_payment: number;
  total_billing: number;
  student_id: number;
  department_id: number;
  class: { name: string };
}
interface Resume {
  sum_total_amount: number;
  sum_total_discount: number;
  sum_total_bail: number;
  sum_total_payment: number;
  sum_total_billing: number;
}

/** A demo student with a confirmed main bill of this year that nothing is paid on (not billing.spec's classes). */
async function embeddedStudent(request: APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  if (!department || !year) throw new Error('no department or year');
  const place = `department_id=${department.id}&year_of_study_id=${year.id}`;
  const list = await apiGet<{ data: Bill[] }>(
    request,
    token,
    `/api/student-billing?${place}&type=1&payment_status=0&orderby=id&sort=desc&limit=100`,
  );
  const bill = list.data.find(
    (b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name),
  );
  if (!bill) throw new Error('no unpaid confirmed bill');
  const own = await apiGet<{ data: Bill[]; total: number; resume: Resume }>(
    request,
    token,
    `/api/student-billing?${place}&student_id=${bill.student_id}&with_resume=true&limit=100`,
  );
  const path = `/siswa/${bill.student_id}/${department.id}/${year.id}`;
  return { token, bill, own, path };
}

const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

/**
 * Listeners on window and document that the page's scripts add and do not remove (installed before any page
 * script; Playwright's own, added while it clicks, come from no http:// script and are not counted).
 */
async function probeListeners(page: Page) {
  await page.addInitScript(() => {
    const live = new Map<string, number>();
    const keyOf = (target: EventTarget, type: string, capture: unknown) =>
      `${target === window ? 'window' : 'document'}:${type}:${Boolean(
        typeof capture === 'object' && capture ? (capture as { capture?: boolean }).capture : capture,
      )}`;
    const listeners = new WeakMap<object, Set<string>>();
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if ((this === window || this === document) && listener && new Error().stack?.includes('http://')) {
        const key = keyOf(this, type, options);
        const keys = listeners.get(listener) ?? new Set();
        if (!keys.has(key)) {
          keys.add(key);
          listeners.set(listener, keys);
          live.set(key, (live.get(key) ?? 0) + 1);
        }
      }
      return add.call(this, type, listener, options);
    };
    EventTarget.prototype.removeEventListener = function (type, listener, options) {
      if ((this === window || this === document) && listener) {
        const key = keyOf(this, type, options);
        const keys = listeners.get(listener);
        if (keys?.delete(key)) live.set(key, (live.get(key) ?? 1) - 1);
      }
      return remove.call(this, type, listener, options);
    };
    (window as unknown as { __listeners: () => Record<string, number> }).__listeners = () =>
      Object.fromEntries([...live].filter(([, n]) => n > 0).sort());
  });
}

const listenersOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __listeners: () => Record<string, number> }).__listeners());
const headStyles = (page: Page) => page.evaluate(() => document.head.querySelectorAll('style').length);

/** Opens the foreign page on the student, the token typed into Akademik's own field. */
async function openStudent(page: Page, path: string, token: string) {
  await page.goto(`${AKADEMIK}${path}`);
  await expect(page.getByRole('heading', { name: 'Akademik', level: 1 })).toBeVisible();
  if (token) await page.getByLabel('Token Keuangan').fill(token);
}

const view = (page: Page) => page.getByTestId('billing-view');

test("the view shows the student's bills and totals, navigates under /akademik/, unmounts cleanly and mounts again", async ({
  page,
  request,
}) => {
  const { token, own, path } = await embeddedStudent(request);
  await probeListeners(page);
  // Before anything of Keuangan is on the page (the view mounts once a token is given).
  await openStudent(page, path, '');
  await expect(view(page)).toHaveCount(0);
  const listenersBefore = await listenersOf(page);
  const stylesBefore = await headStyles(page);

  await page.getByLabel('Token Keuangan').fill(token);
  const rows = view(page)
    .getByRole('table', { name: 'Daftar Tagihan Siswa' })
    .locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(own.total);
  for (const bill of own.data) await expect(view(page).getByText(bill.bill_number)).toBeVisible();
  const resume = view(page).getByRole('table', { name: 'Ringkasan Billing' });
  for (const sum of Object.values(own.resume).slice(0, 5)) await expect(resume).toContainText(rupiah(sum));

  // Inside the view: the bill's detail and the history, under the embedding page's base path.
  const first = own.data[0] as Bill;
  await view(page)
    .getByRole('link', { name: `Detail ${first.bill_number}` })
    .click();
  await expect(page).toHaveURL(`${AKADEMIK}${path}/student-billing/show/${first.id}`);
  await expect(view(page).getByText('Billing Detail Siswa')).toBeVisible();
  // Paying is the embedding page's choice: not allowed here.
  await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
  await view(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(`${AKADEMIK}${path}`);
  await view(page).getByRole('link', { name: 'Riwayat Pembayaran' }).click();
  await expect(page).toHaveURL(new RegExp(`^${AKADEMIK}${path}/student-billing-payment-history-detail/`));
  await expect(view(page).getByRole('heading', { name: 'Riwayat Pembayaran' })).toBeVisible();
  await page.goBack();
  await expect(rows.first()).toBeVisible();

  // Unmount: nothing of the view stays on the page.
  await page.getByRole('button', { name: 'Tutup Billing' }).click();
  await expect(view(page)).toHaveCount(0);
  await expect.poll(() => headStyles(page)).toBe(stylesBefore);
  const listenersAfter = await listenersOf(page);
  // What stays is what the view's libraries register once when their code is loaded, never per mount:
  // React's document 'selectionchange' (one per React copy) and axios's window 'message' (its setImmediate).
  const ONCE_PER_LOAD = { 'document:selectionchange:false': 1, 'window:message:false': 1 };
  const expected = { ...listenersBefore };
  for (const [key, n] of Object.entries(ONCE_PER_LOAD)) expected[key] = (expected[key] ?? 0) + n;
  expect(listenersAfter).toEqual(expected);

  // A second mount works (styles written again) and a second unmount leaves exactly the same.
  await page.getByRole('button', { name: 'Buka Billing' }).click();
  await expect(rows).toHaveCount(own.total);
  await expect(view(page).getByRole('button', { name: 'Riwayat Pembayaran' })).toHaveCount(0);
  const firstRowColor = await rows
    .first()
    .evaluate((row) => getComputedStyle(row.closest('table') as Element).borderCollapse);
  expect(firstRowColor).toBe('separate');
  await page.getByRole('button', { name: 'Tutup Billing' }).click();
  await expect.poll(() => headStyles(page)).toBe(stylesBefore);
  expect(await listenersOf(page)).toEqual(listenersAfter);
  // The token was the embedding page's: nothing of the session stays in this origin's storage.
  expect(await page.evaluate(() => localStorage.getItem('keuangan.token'))).toBeNull();
});

test('a wrong token shows a clear message inside the view; the foreign page keeps working', async ({
  page,
  request,
}) => {
  const { path } = await embeddedStudent(request);
  await openStudent(page, path, 'not-a-token');
  await expect(
    view(page).getByText('Sesi tidak valid. Muat ulang halaman atau masuk kembali.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Hitung' }).click();
  await page.getByRole('button', { name: 'Hitung' }).click();
  await expect(page.getByLabel('Hitungan')).toHaveText('2');
  await page.getByRole('link', { name: 'Beranda Akademik' }).click();
  await expect(page).toHaveURL(`${AKADEMIK}`);
  await expect(page.getByText('Pilih siswa.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Peristiwa billing' })).toHaveCount(0);
});

test('with payment allowed, a payment is made in the view and the foreign page hears of it', async ({
  page,
  request,
}) => {
  const { token, bill, path } = await embeddedStudent(request);
  await openStudent(page, `${path}/student-billing/show/${bill.id}`, token);
  await page.getByLabel('Izinkan pembayaran').check();
  await expect(view(page).getByText('Form Pembayaran')).toBeVisible();
  await view(page).getByRole('button', { name: 'Bayar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(view(page).getByText('Pembayaran Berhasil')).toBeVisible();
  const event = page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem');
  await expect(event).toHaveText(new RegExp(`^payment-made #\\d+ ${bill.total_billing}$`));
  // Still on the bill, under the base path: settled now.
  await expect(page).toHaveURL(`${AKADEMIK}${path}/student-billing/show/${bill.id}`);
  await expect(view(page).getByTestId('bill-total-billing')).toHaveText('Rp 0');
});
