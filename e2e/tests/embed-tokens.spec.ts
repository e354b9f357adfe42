import { expect, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, pick, signIn } from './helpers';

// Token Integrasi (host, /token-integrasi): a finance editor mints a kasir token for one student, sees it once,
// finds it in the list and revokes it; the API refuses it at once. Real API, production builds.

test('a token is minted for one student, shown once, listed, and revoked with a confirmation', async ({
  page,
  request,
}) => {
  const { token: session } = await apiToken(request, ACCOUNTS.finance);
  const students = await apiGet<{ data: { id: number; name: string; nis: string }[] }>(
    request,
    session,
    '/api/student?limit=1&orderby=name',
  );
  const student = students.data[0];
  if (!student) throw new Error('no student');
  const label = `Portal e2e ${Date.now()}`;

  await signIn(page, ACCOUNTS.finance);
  await page.getByRole('link', { name: 'Token Integrasi' }).click();
  await expect(page.getByRole('heading', { name: 'Token Integrasi', exact: true })).toBeVisible();

  // Nothing typed: the form says what is missing and mints nothing.
  await page.getByRole('button', { name: 'Buat Token' }).click();
  const form = page.getByRole('form', { name: 'Buat Token Integrasi' });
  await form.getByRole('button', { name: 'Buat Token' }).click();
  await expect(form.getByText('Label wajib diisi')).toBeVisible();

  await form.getByLabel('Label').fill(label);
  // A kasir token (it records counter payments) must be allowed to pay: said on the field.
  await form.getByLabel('Nama Kasir (token kasir)').fill('Siti Kasir');
  await form.getByRole('button', { name: 'Buat Token' }).click();
  await expect(form.getByText('Token kasir harus berupa "Lihat dan bayar tagihan"')).toBeVisible();
  await pick(page, 'Cakupan', 'Lihat dan bayar tagihan');
  await page.getByLabel('Siswa', { exact: true }).fill(student.nis);
  await pick(page, 'Siswa', `${student.name} (${student.nis})`);
  await pick(page, 'Masa Berlaku', '4 jam');
  await form.getByRole('button', { name: 'Buat Token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token Dibuat' });
  const token = await shown.getByLabel('Token').inputValue();
  expect(token.split('.')).toHaveLength(3);
  // The token works for that student (the view's first call).
  const check = await request.get(`${API}/api/embed/session?student_id=${student.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await check.json()).toMatchObject({
    kind: 'embed',
    scope: 'billing:pay',
    student_id: student.id,
    counter_payments: true,
    cashier_name: 'Siti Kasir',
  });
  await shown.getByRole('button', { name: 'Selesai' }).click();

  const row = page
    .getByRole('table', { name: 'Daftar Token Integrasi' })
    .getByRole('row')
    .filter({ hasText: label });
  await expect(row).toContainText('Lihat dan bayar tagihan');
  await expect(row).toContainText('Kasir: Siti Kasir');
  await expect(row).toContainText(student.nis);
  await expect(row).toContainText('Aktif');
  // Shown once: the list never holds the token.
  await expect(page.getByText(token)).toHaveCount(0);

  // Revoking asks first; Batal changes nothing.
  await row.getByRole('button', { name: `Cabut ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cabut Token Integrasi' });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(row).toContainText('Aktif');
  await row.getByRole('button', { name: `Cabut ${label}` }).click();
  await confirm.getByRole('button', { name: 'Cabut' }).click();
  await expect(page.getByText('Token integrasi berhasil dicabut')).toBeVisible();
  await expect(row).toContainText('Dicabut');
  await expect(row.getByRole('button', { name: `Cabut ${label}` })).toHaveCount(0);

  const refused = await request.get(`${API}/api/embed/session`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('Token integrasi sudah dicabut');
});
