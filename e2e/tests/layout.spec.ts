import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

test('the sidebar collapses at 992 px and below, and toggles by button and overlay', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.finance);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByText('Keuangan v0.1.0')).toBeVisible();
  await expect(page.getByText(String(new Date().getFullYear())).first()).toBeVisible();

  await page.setViewportSize({ width: 992, height: 800 });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');

  await page.getByRole('button', { name: 'Buka/tutup menu' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  // On a narrow screen, choosing a leaf item closes the sidebar again.
  await page.getByRole('menuitem', { name: 'Billing Siswa' }).click();
  await expect(page).toHaveURL(/\/student-billing$/);
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');

  await page.setViewportSize({ width: 993, height: 800 });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
});

test('a deep link opens directly, and a reload keeps the page', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-billing/show/1/receipt-show?studentBillingPaymentId=1');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page).toHaveURL(/\/student-billing\/show\/1\/receipt-show/);
});

test('the fee list prints: the print button opens printing, and paper shows the page without the layout', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-fee-component');
  await expect(page.getByRole('heading', { name: 'Komponen Biaya Siswa' })).toBeVisible();
  // The browser's print dialog cannot be driven headless: count the calls instead.
  await page.evaluate(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls += 1;
    };
  });
  await page.getByRole('button', { name: 'Cetak daftar' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Komponen Biaya Siswa' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
});

// The user menu's role tags load when it first opens (README "Measuring"): until they arrive their titles hold
// their place, so "Keluar" does not move under a pointer about to click it. Scripts are held back, not mocked.
test('the user menu keeps Keluar in place while its role tags load, and signs out by keyboard', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Keluar' }) });
  const keluar = menu.getByRole('menuitem', { name: 'Keluar' });
  await expect(menu.getByText('Staf Keuangan').last()).toBeVisible();
  await expect(menu.locator('.ant-tag')).toHaveCount(0);
  const before = await keluar.boundingBox();
  release();
  await expect(menu.locator('.ant-tag').first()).toBeVisible({ timeout: 30_000 });
  expect(await keluar.boundingBox()).toEqual(before);
  await page.unroute(/\.js(\?|$)/);

  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await expect(keluar).toBeVisible();
  await keluar.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
