import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  type Bill,
  embeddedStudent,
  freeBillsOfOneStudent,
  mintToken,
  mintTokenOfOtherBranch,
  storageOf,
} from './embed-helpers';
import { API, apiGet, setAppServer } from './helpers';
import { PORTS } from './ports';

// Another suite module (Akademik: its own React copy and router) registers the billing remote's manifest at run
// time and mounts its student-billing view (remote-billing README, "Embedding") with a Token Integrasi minted
// through the API. The same page built two ways, the same journeys on each: with rspack (e2e/foreign, under
// /akademik/) and with Vite and @module-federation/vite (e2e/portal, under /portal/). Real API, production builds.

const FOREIGN_PAGES = [
  { bundler: 'rspack', site: `http://127.0.0.1:${PORTS.akademik}/akademik` },
  { bundler: 'Vite', site: `http://127.0.0.1:${PORTS.portal}/portal` },
];

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

    // Intervals the page's scripts start and do not clear (a timeout ends by itself).
    const intervals = new Set<unknown>();
    const startInterval = window.setInterval;
    const stopInterval = window.clearInterval;
    window.setInterval = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
      const id = startInterval(handler, timeout, ...rest);
      if (new Error().stack?.includes('http://')) intervals.add(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      intervals.delete(id);
      stopInterval(id);
    }) as typeof window.clearInterval;
    // Any reading or writing of the Keuangan session key by the page's scripts.
    let storageTouches = 0;
    for (const method of ['getItem', 'setItem', 'removeItem'] as const) {
      const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
      (Storage.prototype as unknown as Record<string, unknown>)[method] = function (
        this: Storage,
        ...args: unknown[]
      ) {
        if (args[0] === 'keuangan.token' && new Error().stack?.includes('http://')) storageTouches++;
        return original.apply(this, args);
      };
    }
    Object.assign(window, { __intervals: () => intervals.size, __storageTouches: () => storageTouches });
  });
}

const probe = (page: Page, name: '__intervals' | '__storageTouches') =>
  page.evaluate((key) => (window as unknown as Record<string, () => number>)[key]?.() ?? -1, name);

const listenersOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __listeners: () => Record<string, number> }).__listeners());
const globalsOf = (page: Page) => page.evaluate(() => Object.keys(window));
const headStyles = (page: Page) => page.evaluate(() => document.head.querySelectorAll('style').length);

for (const { bundler, site: AKADEMIK } of FOREIGN_PAGES) {
  test.describe(`embedded in a page built with ${bundler}`, () => {
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
      const { token: session, bill, own, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, { studentId: bill.student_id });
      await probeListeners(page);
      // Before anything of Keuangan is on the page (the view mounts once a token is given). The page's origin
      // holds a Keuangan session of its own (the suite on one domain): the view must leave it alone.
      await openStudent(page, path, '');
      await page.evaluate(() => localStorage.setItem('keuangan.token', 'sesi-suite-sendiri'));
      const storageBefore = await storageOf(page);
      await expect(view(page)).toHaveCount(0);
      const listenersBefore = await listenersOf(page);
      const intervalsBefore = await probe(page, '__intervals');
      const stylesBefore = await headStyles(page);
      const globalsBefore = await globalsOf(page);

      await page.getByLabel('Token Keuangan').fill(token);
      const rows = view(page)
        .getByRole('table', { name: 'Daftar Tagihan Siswa' })
        .locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(own.total);
      for (const bill of own.data) await expect(view(page).getByText(bill.bill_number)).toBeVisible();
      const resume = view(page).getByRole('table', { name: 'Ringkasan Billing' });
      for (const sum of Object.values(own.resume).slice(0, 5))
        await expect(resume).toContainText(rupiah(sum));

      // Inside the view: the bill's detail and the history, under the embedding page's base path.
      const first = own.data[0] as Bill;
      await view(page)
        .getByRole('link', { name: `Detail ${first.bill_number}` })
        .click();
      await expect(page).toHaveURL(`${AKADEMIK}${path}/student-billing/show/${first.id}`);
      await expect(view(page).getByText('Billing Detail Siswa')).toBeVisible();
      // A read token changes nothing: no payment form, no confirming or withdrawing.
      await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
      await expect(view(page).getByRole('button', { name: /Konfirmasi/ })).toHaveCount(0);
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
      // axios's window 'message' (its setImmediate). The view runs on the page's React (shared), so React adds
      // no second document 'selectionchange'.
      const ONCE_PER_LOAD = { 'window:message:false': 1 };
      const expected = { ...listenersBefore };
      for (const [key, n] of Object.entries(ONCE_PER_LOAD)) expected[key] = (expected[key] ?? 0) + n;
      expect(listenersAfter).toEqual(expected);
      expect(await probe(page, '__intervals')).toBe(intervalsBefore);
      // No window global of the view's stays (the page's own federation runtime keeps what it loaded).
      expect((await globalsOf(page)).filter((key) => !globalsBefore.includes(key))).toEqual([]);

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
      expect(await probe(page, '__intervals')).toBe(intervalsBefore);
      // The view kept its token in memory: it never read nor wrote the page's Keuangan session key, and the
      // page's storage is byte for byte what it was.
      expect(await probe(page, '__storageTouches')).toBe(0);
      expect(await storageOf(page)).toBe(storageBefore);
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

    test('a pay token not marked kasir (a portal) offers Bayar Online, never the counter form', async ({
      page,
      request,
    }) => {
      const { token: session, bill, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, {
        scope: 'billing:pay',
        studentId: bill.student_id,
      });
      await openStudent(page, `${path}/student-billing/show/${bill.id}`, token);
      await page.getByLabel('Izinkan pembayaran').check();
      await expect(view(page).getByText('Rincian Biaya')).toBeVisible();
      // docs/online-payments.md "Bayar Online" (its journey: online-payments.spec.ts).
      await expect(view(page).getByRole('button', { name: 'Bayar Online' })).toBeVisible();
      await expect(view(page).getByTestId('payment-unavailable')).toHaveCount(0);
      await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
      await expect(view(page).getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
    });

    test('a pay token ticks two bills and pays them at once with Bayar Online and the simulator: both Lunas', async ({
      page,
      request,
    }) => {
      // docs/online-payments.md "Bayar Online": the staff's ticks, one charge over the ticked bills.
      const { token: session, studentId, bills, path } = await freeBillsOfOneStudent(request, 2);
      const { token } = await mintToken(request, session, { scope: 'billing:pay', studentId });
      await openStudent(page, path, token);
      await page.getByLabel('Izinkan pembayaran').check();
      const table = view(page).getByRole('table', { name: 'Daftar Tagihan Siswa' });
      const pay = view(page).getByRole('button', { name: 'Bayar Online' });
      // Nothing ticked at first: the button waits and says why.
      await expect(pay).toBeDisabled({ timeout: 30_000 });
      await expect(pay).toHaveAccessibleDescription('Centang tagihan yang akan dibayar terlebih dahulu.');
      await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
      // The ticks (each named for its bill) and the waiting button, as a screen reader meets them. Left out: the
      // table library's hidden measuring row, which copies the header's select-all (reported, not ours to change).
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="billing-view"]')
        .exclude('.ant-table-measure-row')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`),
      ).toEqual([]);
      for (const bill of bills)
        await table.getByRole('checkbox', { name: `Bayar ${bill.bill_number}` }).check();
      await expect(pay).toBeEnabled();
      await pay.click();
      const dialog = page.getByRole('dialog', { name: `Bayar Online: ${bills.length} billing` });
      await dialog.getByRole('radio', { name: 'VA BRI' }).check();
      await dialog.getByRole('button', { name: 'Buat Tagihan Online' }).click();
      const total = bills.reduce((sum, bill) => sum + bill.total_billing, 0);
      await expect(dialog.getByTestId('online-charge-amount')).toHaveText(rupiah(total), { timeout: 30_000 });
      const number = await dialog.getByTestId('online-charge-number').textContent();

      // Closed and opened again on the same ticks: the same charge, not a second.
      await dialog.getByRole('button', { name: 'Tutup' }).click();
      await expect(dialog).toBeHidden();
      await pay.click();
      await expect(dialog.getByTestId('online-charge-number')).toHaveText(number ?? '-');
      await dialog.getByRole('button', { name: 'Simulasikan Pembayaran' }).click();
      await expect(view(page).getByText('Pembayaran online diterima dan dicatat')).toBeVisible({
        timeout: 30_000,
      });
      for (const bill of bills) {
        await expect(table.getByRole('row').filter({ hasText: bill.bill_number })).toContainText('Lunas', {
          timeout: 30_000,
        });
      }
      // One payment over both, heard once by the page.
      await expect(page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem')).toHaveText(
        new RegExp(`^payment-made #\\d+ ${total}$`),
      );
      const paid = await Promise.all(
        bills.map((bill) =>
          apiGet<{ payment_status: number; student_billing_payments: { id: number }[] }>(
            request,
            session,
            `/api/student-billing/${bill.id}`,
          ),
        ),
      );
      expect(paid.map((bill) => bill.payment_status)).toEqual([1, 1]);
      expect(new Set(paid.flatMap((bill) => bill.student_billing_payments.map((p) => p.id))).size).toBe(1);
      const charges = await apiGet<{ total: number }>(
        request,
        session,
        `/api/online-payments?student_billing_id=${bills[0]?.id}`,
      );
      expect(charges.total).toBe(1);
    });

    test('with payment allowed, a kasir token pays in the view and the foreign page hears of it', async ({
      page,
      request,
    }) => {
      const { token: session, bill, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, {
        scope: 'billing:pay',
        studentId: bill.student_id,
        cashierName: 'Siti Kasir',
      });
      await openStudent(page, `${path}/student-billing/show/${bill.id}`, '');
      const storageBefore = await storageOf(page);
      await page.getByLabel('Token Keuangan').fill(token);
      await page.getByLabel('Izinkan pembayaran').check();
      await expect(view(page).getByText('Form Pembayaran')).toBeVisible();
      // Recorded as the token's cashier's, dated today: no Tanggal Bayar to choose.
      await expect(view(page).getByTestId('payment-cashier')).toContainText('Siti Kasir');
      await expect(view(page).getByLabel('Tanggal Bayar')).toHaveCount(0);
      await view(page).getByRole('button', { name: 'Bayar', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
      await expect(view(page).getByText('Pembayaran Berhasil')).toBeVisible();
      const event = page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem');
      await expect(event).toHaveText(new RegExp(`^payment-made #\\d+ ${bill.total_billing}$`));
      // Still on the bill, under the base path: settled now.
      await expect(page).toHaveURL(`${AKADEMIK}${path}/student-billing/show/${bill.id}`);
      await expect(view(page).getByTestId('bill-total-billing')).toHaveText('Rp 0');
      await expect(view(page).getByRole('article').getByText('Siti Kasir')).toBeVisible();
      // Its Kuitansi opens in a new tab through a one-use link of the API: a PDF, no token in the address.
      const documentResponse = page
        .context()
        .waitForEvent('response', (res) => /\/api\/document-links\/[A-Za-z0-9_-]{43}$/.test(res.url()));
      const popup = page.waitForEvent('popup');
      await view(page)
        .getByRole('button', { name: /^Kuitansi / })
        .click();
      await popup;
      const opened = await documentResponse;
      expect(opened.status()).toBe(200);
      expect(opened.headers()['content-type']).toBe('application/pdf');
      expect(opened.url()).not.toContain(token);
      // Used once: the same address again is refused.
      const reused = await request.get(opened.url());
      expect(reused.status()).toBe(404);
      await page.getByRole('button', { name: 'Tutup Billing' }).click();
      await expect(view(page)).toHaveCount(0);
      expect(await storageOf(page)).toBe(storageBefore);
    });

    test('a read token shows no control that changes anything, and the API refuses a forged payment', async ({
      page,
      request,
    }) => {
      const { token: session, bill, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, { studentId: bill.student_id });
      // Every script the page loads: the payment form is fetched only when shown (remote-billing README, Size).
      const scripts: Promise<string>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
      });
      await openStudent(page, `${path}/student-billing/show/${bill.id}`, token);
      // The page allows payments, but the token may not pay: no form.
      await page.getByLabel('Izinkan pembayaran').check();
      await expect(view(page).getByText('Billing Detail Siswa')).toBeVisible();
      await expect(view(page).getByText('Rincian Biaya')).toBeVisible();
      await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
      await expect(view(page).getByRole('button', { name: /Konfirmasi|Bayar|Hapus|Tambah/ })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      expect(loaded.some((body) => body.includes('Rincian Biaya'))).toBe(true);
      expect(loaded.filter((body) => body.includes('Form Pembayaran'))).toHaveLength(0);
      // A write forged through the page's own fetch with the same token: 403, nothing paid.
      const forged = await page.evaluate(
        async ({ api, billId, bearer }) => {
          const res = await fetch(`${api}/api/student-billing-pay/${billId}`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${bearer}`,
              'Content-Type': 'application/json',
              'Idempotency-Key': 'forged-1',
            },
            body: JSON.stringify({ student_billing_items: [], ptype: 1 }),
          });
          return { status: res.status, body: await res.json() };
        },
        { api: API, billId: bill.id, bearer: token },
      );
      expect(forged.status).toBe(403);
      expect(forged.body.message).toBe('Token integrasi tidak berlaku untuk tindakan ini');
      const after = await apiGet<{ total_payment: number }>(
        request,
        session,
        `/api/student-billing/${bill.id}`,
      );
      expect(after.total_payment).toBe(bill.total_payment);
    });

    test('a token of another branch, or one revoked while the view is open, is said inside the view', async ({
      page,
      request,
    }) => {
      const { token: session, bill, own, path } = await embeddedStudent(request);
      // Minted in the user's other branch, shown a student of this one.
      const elsewhere = await mintTokenOfOtherBranch(request, session);
      await openStudent(page, path, elsewhere.token);
      await expect(view(page).getByText('Token tidak berlaku untuk cabang ini')).toBeVisible();
      const events = page.getByRole('list', { name: 'Peristiwa billing' });
      await expect(events.getByRole('listitem')).toHaveText(['error wrong-branch']);

      // Revoked while open: the next call says so.
      const { token, id } = await mintToken(request, session, { studentId: bill.student_id });
      await page.getByLabel('Token Keuangan').fill(token);
      const first = own.data[0] as Bill;
      await expect(view(page).getByText(first.bill_number)).toBeVisible();
      const revoked = await request.post(`${API}/api/embed-tokens/${id}/revoke`, {
        headers: { Authorization: `Bearer ${session}` },
      });
      expect(revoked.status()).toBe(200);
      await view(page)
        .getByRole('link', { name: `Detail ${first.bill_number}` })
        .click();
      // Said in the view's place (and in the toast of the call that met it).
      await expect(view(page).locator('.ant-result-title')).toHaveText('Token integrasi sudah dicabut');
      await expect(events.getByRole('listitem').last()).toHaveText('session-invalid');
    });

    test('the billing server gone after the view loaded: opening a bill says so in Indonesian, Coba lagi brings it', async ({
      page,
      request,
    }) => {
      const { token: session, bill, own, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, { studentId: bill.student_id });
      await openStudent(page, path, token);
      const first = own.data[0] as Bill;
      await expect(view(page).getByText(first.bill_number)).toBeVisible();
      const events = page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem');
      await setAppServer(request, 'billing', 'stop');
      try {
        // The bill's page is fetched when opened: its chunk cannot come.
        await view(page)
          .getByRole('link', { name: `Detail ${first.bill_number}` })
          .click();
        const alert = view(page).getByRole('alert');
        await expect(alert).toContainText('Bagian billing ini tidak dapat dimuat', { timeout: 30_000 });
        await expect(view(page).getByText(/Something went wrong/)).toHaveCount(0);
        await expect(events).toHaveText(['error unreachable']);
      } finally {
        await setAppServer(request, 'billing', 'start');
      }
      await view(page).getByRole('button', { name: 'Coba lagi' }).click();
      await expect(view(page).getByText('Billing Detail Siswa')).toBeVisible();
      await expect(events).toHaveText(['error unreachable']);
    });

    test('an unreachable API is said with Coba lagi and an error event, never session-invalid', async ({
      page,
      request,
    }) => {
      const { token: session, bill, own, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, { studentId: bill.student_id });
      // The connection refused, as when the API is down (nothing answers in its place).
      await page.route(`${API}/**`, (route) => route.abort('connectionrefused'));
      await openStudent(page, path, token);
      const events = page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem');
      await expect(view(page).getByRole('alert')).toContainText('Tidak dapat terhubung', { timeout: 30_000 });
      await expect(events).toHaveText(['error unreachable']);
      await page.unroute(`${API}/**`);
      await view(page).getByRole('button', { name: 'Coba lagi' }).click();
      await expect(view(page).getByText((own.data[0] as Bill).bill_number)).toBeVisible();
      await expect(events).toHaveText(['error unreachable']);
    });

    test('the view keeps its toasts in its box and its own type for its header links', async ({
      page,
      request,
    }) => {
      const { token: session, bill, path } = await embeddedStudent(request);
      const { token } = await mintToken(request, session, { studentId: bill.student_id });
      // The page's own type, unlike the product's; and the student's bills cannot be read (a toast says so).
      await openStudent(page, path, '');
      await page.addStyleTag({ content: 'body { font-family: "Courier New", monospace; font-size: 20px; }' });
      await page.route(`${API}/api/student-billing?**`, (route) => route.abort('connectionrefused'));
      await page.getByLabel('Token Keuangan').fill(token);
      const links = view(page).getByRole('link', { name: /^(Riwayat Pembayaran|Rekening Siswa)$/ });
      await expect(links).toHaveCount(2);
      for (const link of await links.all()) {
        expect(await link.evaluate((a) => getComputedStyle(a).fontFamily)).not.toContain('Courier');
      }
      // The error toast (react-hot-toast's assertive region), not the list's own error line.
      const toast = page
        .locator('[role="alert"][aria-live="assertive"]')
        .filter({ hasText: 'Tidak dapat terhubung' });
      await expect(toast).toBeVisible();
      const [box, toastBox] = await Promise.all([view(page).boundingBox(), toast.boundingBox()]);
      if (!box || !toastBox) throw new Error('no box');
      expect(toastBox.x).toBeGreaterThanOrEqual(box.x);
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
      expect(toastBox.y).toBeGreaterThanOrEqual(box.y);
    });

    test('two views side by side, each with its own token and student, show only their own', async ({
      page,
      request,
    }) => {
      const { token: session, bill, other, departmentId, yearId } = await embeddedStudent(request);
      const tokenA = (await mintToken(request, session, { studentId: bill.student_id })).token;
      const tokenB = (await mintToken(request, session, { studentId: other.student_id })).token;
      await page.goto(`${AKADEMIK}/dua/${bill.student_id}/${other.student_id}/${departmentId}/${yearId}`);
      await page.getByLabel('Token A').fill(tokenA);
      await page.getByLabel('Token B').fill(tokenB);
      const sideA = page.getByRole('region', { name: 'Siswa A' });
      const sideB = page.getByRole('region', { name: 'Siswa B' });
      await expect(sideA.getByText(bill.bill_number)).toBeVisible();
      await expect(sideB.getByText(other.bill_number)).toBeVisible();
      await expect(sideA.getByText(other.bill_number)).toHaveCount(0);
      await expect(sideB.getByText(bill.bill_number)).toHaveCount(0);
      // Navigating in one leaves the other where it was.
      await sideA.getByRole('link', { name: `Detail ${bill.bill_number}` }).click();
      await expect(sideA.getByText('Billing Detail Siswa')).toBeVisible();
      await expect(sideB.getByRole('table', { name: 'Daftar Tagihan Siswa' })).toBeVisible();
      await expect(sideB.getByText('Billing Detail Siswa')).toHaveCount(0);
    });
  });
}
