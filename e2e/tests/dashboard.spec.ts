import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, digits, signIn } from './helpers';

interface Summary {
  active_student_total: number;
  total_amount_this_month: number;
  total_payment_this_month: number;
  online_payment_this_month: number;
  total_billing_this_month: number;
}
const TILES = [
  'active_student_total',
  'total_amount_this_month',
  'total_payment_this_month',
  'total_billing_this_month',
] as const;

async function expectTiles(page: import('@playwright/test').Page, summary: Summary) {
  for (const field of TILES) {
    await expect
      .poll(async () => digits(await page.getByTestId(`${field}-value`).textContent()))
      .toBe(String(summary[field]));
  }
  // The online part of Pembayaran Siswa Bulan Ini, under it (docs/money.md "Dashboard figures").
  await expect(page.getByTestId('online_payment_this_month')).toContainText('termasuk Pembayaran Online');
  expect(digits(await page.getByTestId('online_payment_this_month').textContent())).toBe(
    String(summary.online_payment_this_month),
  );
}

test('dashboard tiles show the seeded totals of the active branch', async ({ page, request }) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const summary = await apiGet<Summary>(request, token, '/api/dashboard-fin-summary');
  expect(summary.total_amount_this_month).toBeGreaterThan(0);
  expect(summary.total_payment_this_month).toBeGreaterThan(0);

  await signIn(page, ACCOUNTS.finance);
  await expectTiles(page, summary);
  await expect(page.getByTestId('total_amount_this_month')).toContainText('Rp');
});

test('switching branch changes the sidebar name and the dashboard', async ({ page, request }) => {
  const login = await apiToken(request, ACCOUNTS.finance);
  // Sign-in opens the branch used last, so start from whichever is active and switch to the other.
  const first = login.user.active_branch;
  const second = login.user.branches.find((b) => b.id !== first.id);
  if (!second) throw new Error('the demo data must give this account two branches');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active-branch')).toHaveText(first.name);

  await page.getByTestId('active-branch').click();
  await expect(page.getByText('Ganti Sesi Cabang').first()).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(second.name) });
  await row.getByRole('button', { name: 'Pilih' }).click();

  await expect(page.getByTestId('active-branch')).toHaveText(second.name);
  const switched = await request.get(`${API}/api/auth/set-active-branch/${second.id}`, {
    headers: { Authorization: `Bearer ${login.token}` },
  });
  const { token } = (await switched.json()) as { token: string };
  const summary = await apiGet<Summary>(request, token, '/api/dashboard-fin-summary');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expectTiles(page, summary);

  const firstSummary = await apiGet<Summary>(request, login.token, '/api/dashboard-fin-summary');
  expect(firstSummary.total_amount_this_month).not.toBe(summary.total_amount_this_month);
});
