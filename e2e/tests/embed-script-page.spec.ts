import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type Bill, embeddedStudent, mintToken, mintTokenOfOtherBranch, storageOf } from './embed-helpers';
import { API } from './helpers';
import { PORTS } from './ports';

// A plain <script> page, no bundler (remote-billing/README.md, "Embedding"): e2e/script-page/index.html loads
// @module-federation/runtime's ES build through an import map (the packages served by the page's own site),
// creates a federation instance, loads billing/embed from the billing build with its own runtime and renders it
// with a Token Integrasi; it lists the view's events and errors. Served by scripts/start.mjs (SCRIPT_PAGE_PORT).

const SITE = `http://127.0.0.1:${PORTS.scriptPage}`;

const view = (page: Page) => page.getByTestId('billing-view');
const events = (page: Page) => page.getByRole('list', { name: 'Peristiwa billing' }).getByRole('listitem');
const errors = (page: Page) => page.getByRole('list', { name: 'Kesalahan billing' }).getByRole('listitem');

const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

/** The page on a student of `embeddedStudent`, with `token`; the origin's storage already holds a session. */
async function openPage(
  page: Page,
  token: string,
  student: { studentId: number; departmentId: number; yearId: number },
) {
  // The page's origin keeps a Keuangan session of its own (the suite on one domain): the view must leave it.
  await page.goto(`${SITE}/config.json`);
  await page.evaluate(() => localStorage.setItem('keuangan.token', 'sesi-suite-sendiri'));
  const storageBefore = await storageOf(page);
  const query = new URLSearchParams({
    token,
    student: String(student.studentId),
    department: String(student.departmentId),
    year: String(student.yearId),
  });
  await page.goto(`${SITE}/?${query}`);
  await expect(page.getByRole('heading', { name: 'Halaman Sekolah', level: 1 })).toBeVisible();
  return storageBefore;
}

test('the plain page loads the runtime without a bundler and shows the student bills with a read token, changing nothing', async ({
  page,
  request,
}) => {
  const runtimeFiles: string[] = [];
  page.on('response', (res) => {
    if (res.url().startsWith(`${SITE}/vendor/`)) runtimeFiles.push(res.url());
  });
  const { token: session, bill, own, departmentId, yearId } = await embeddedStudent(request);
  const { token } = await mintToken(request, session, { studentId: bill.student_id });
  const storageBefore = await openPage(page, token, { studentId: bill.student_id, departmentId, yearId });

  const rows = view(page)
    .getByRole('table', { name: 'Daftar Tagihan Siswa' })
    .locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(own.total, { timeout: 60_000 });
  await expect(page.getByRole('status')).toHaveText('Billing dimuat.');
  for (const b of own.data) await expect(view(page).getByText(b.bill_number)).toBeVisible();
  const resume = view(page).getByRole('table', { name: 'Ringkasan Billing' });
  for (const sum of Object.values(own.resume).slice(0, 5)) await expect(resume).toContainText(rupiah(sum));
  // The runtime came from the page's own site (the installed packages' ES modules), nothing from elsewhere.
  expect(runtimeFiles.some((url) => url.endsWith('/@module-federation/runtime/dist/index.js'))).toBe(true);

  // Into the bill (the view's own memory routing: the page's address stays): a read token changes nothing.
  const first = own.data[0] as Bill;
  await view(page)
    .getByRole('link', { name: `Detail ${first.bill_number}` })
    .click();
  await expect(view(page).getByText('Billing Detail Siswa')).toBeVisible();
  await expect(view(page).getByText('Rincian Biaya')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(view(page).getByText('Form Pembayaran')).toHaveCount(0);
  await expect(view(page).getByRole('button', { name: /Konfirmasi|Bayar|Hapus|Tambah/ })).toHaveCount(0);

  // Nothing was refused, and the page's storage is byte for byte what it was.
  await expect(events(page)).toHaveCount(0);
  await expect(errors(page)).toHaveCount(0);
  expect(await storageOf(page)).toBe(storageBefore);
});

test('a token of another branch is said inside the view, and the page hears onError and an error event', async ({
  page,
  request,
}) => {
  const { token: session, bill, departmentId, yearId } = await embeddedStudent(request);
  const elsewhere = await mintTokenOfOtherBranch(request, session);
  const storageBefore = await openPage(page, elsewhere.token, {
    studentId: bill.student_id,
    departmentId,
    yearId,
  });
  await expect(view(page).getByText('Token tidak berlaku untuk cabang ini')).toBeVisible({ timeout: 60_000 });
  await expect(errors(page)).toHaveText(['wrong-branch: Token tidak berlaku untuk cabang ini']);
  await expect(events(page)).toHaveText(['error wrong-branch']);
  expect(await storageOf(page)).toBe(storageBefore);
});

test('a revoked token is said inside the view, and the page hears onError and an error event', async ({
  page,
  request,
}) => {
  const { token: session, bill, departmentId, yearId } = await embeddedStudent(request);
  const { token, id } = await mintToken(request, session, { studentId: bill.student_id });
  const revoked = await request.post(`${API}/api/embed-tokens/${id}/revoke`, {
    headers: { Authorization: `Bearer ${session}` },
  });
  expect(revoked.status()).toBe(200);
  await openPage(page, token, { studentId: bill.student_id, departmentId, yearId });
  await expect(view(page).getByText('Token integrasi sudah dicabut').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(errors(page)).toHaveText(['token-revoked: Token integrasi sudah dicabut']);
  // A refused token itself is also version 1's 'session-invalid'.
  await expect(events(page)).toHaveText(['error token-revoked', 'session-invalid']);
  await expect(view(page).getByRole('table', { name: 'Daftar Tagihan Siswa' })).toHaveCount(0);
});

test("the README's plain-page snippet is the tested page's, line for line", () => {
  const readme = readFileSync(new URL('../../remote-billing/README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('**A plain `<script>` page**'));
  const snippet = /```html\n([\s\S]*?)\n```/.exec(section)?.[1];
  expect(snippet, 'the html block of the plain-page section').toBeTruthy();
  const trimmed = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const pageLines = trimmed(readFileSync(new URL('../script-page/index.html', import.meta.url), 'utf8'));
  // In the page's order: each snippet line is found after the previous one.
  let at = 0;
  for (const line of trimmed(snippet ?? '')) {
    const found = pageLines.indexOf(line, at);
    expect(found, `README line not in the page (in order): ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
});
