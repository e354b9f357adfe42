import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

test('login shows both validation messages only after submit', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Keuangan').first()).toBeVisible();
  await expect(page.getByText('Username Tidak Boleh Kosong')).toHaveCount(0);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username Tidak Boleh Kosong')).toBeVisible();
  await expect(page.getByText('Password Tidak Boleh Kosong')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and stays on login', async ({ page }) => {
  await signIn(page, { username: 'keuangan', password: 'salah-sekali' });
  await expect(page.getByText('Username atau password salah')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test('a user who is not a finance editor lands on unauthorized-user', async ({ page }) => {
  await signIn(page, ACCOUNTS.teacher);
  await expect(page).toHaveURL(/\/unauthorized-user$/);
  await expect(page.getByText(/Admin, Manager/)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('an unknown path goes to the root, and signing out returns to login', async ({ page }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/tidak-ada-halaman-ini');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('user-menu').click();
  await page.getByText('Keluar').click();
  await expect(page).toHaveURL(/\/login$/);
});
