import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, signIn } from './helpers';

test('change password: a mismatch is refused, a match succeeds and the new password works', async ({
  page,
  request,
}) => {
  const account = ACCOUNTS.admin;
  const newPassword = 'Baru#2026-e2e';
  await signIn(page, account);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();

  await page.getByLabel('Password Lama').fill(account.password);
  await page.getByLabel('Password Baru', { exact: true }).fill(newPassword);
  await page.getByLabel('Konfirmasi Password Baru').fill('tidak-sama');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Konfirmasi Password tidak cocok')).toBeVisible();

  await page.getByLabel('Konfirmasi Password Baru').fill(newPassword);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Password berhasil diubah.')).toBeVisible();
  await expect(page.getByLabel('Password Lama')).toHaveValue('');

  // The new password signs in; then restore the demo password for the other tests.
  const login = await request.post(`${API}/api/auth/login`, {
    data: { email: account.username, password: newPassword },
  });
  expect(login.ok()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const restore = await request.post(`${API}/api/profile/update-password`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      old_password: newPassword,
      new_password: account.password,
      new_password_confirmation: account.password,
    },
  });
  expect(restore.ok()).toBeTruthy();
});
