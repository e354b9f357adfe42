import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiToken, signIn } from './helpers';

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

test('google-set signs in with a one-use hand-off code and drops it from the address', async ({
  page,
  request,
}) => {
  // The suite's sign-in: a signed-in party asks the API for a code and sends the browser to google-set.
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const issued = await request.post(`${API}/api/auth/handoff`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(issued.ok()).toBeTruthy();
  const { code } = (await issued.json()) as { code: string };

  await page.goto(`/google-set?token=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  expect(page.url()).not.toContain(code);
  expect(await page.evaluate(() => window.location.search)).toBe('');

  // The same link again, after signing out: the code is spent.
  await page.getByTestId('user-menu').click();
  await page.getByText('Keluar').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/google-set?token=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Tautan masuk tidak valid atau sudah kedaluwarsa')).toBeVisible();
});

test('signing out ends the session on the server too', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('keuangan.token'));
  await page.getByTestId('user-menu').click();
  await page.getByText('Keluar').click();
  await expect(page).toHaveURL(/\/login$/);
  const me = await request.get(`${API}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});
