import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { ACCOUNTS, apiGet, apiToken, digits, monthLabel, signIn } from './helpers';

// Pengingat Tagihan on the demo data (docs/money.md#reminders): the WhatsApp link and the Surat Tagihan are
// recorded and show on the student's bills; with no gateway configured, no "Kirim via Gateway".

interface Row {
  student_id: number;
  name: string;
  phone: string | null;
  months: string[];
  total: number;
  last_reminder: unknown;
}

test('Pengingat Tagihan: the WhatsApp link names the student, months and total, and opening it records the reminder', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  // The screen's first page: the first department and year, 20 rows.
  const listed = await apiGet<{ data: Row[]; total: number }>(
    request,
    token,
    `/api/bill-reminders?department_id=${department?.id}&year_of_study_id=${year?.id}&limit=20`,
  );
  expect(listed.total, 'the demo data has overdue students').toBeGreaterThan(0);
  const student = listed.data.find((r) => r.phone && !r.last_reminder) ?? listed.data.find((r) => r.phone);
  if (!student) throw new Error('no overdue student with a mobile number on the first page');
  // wa.me is outside the test's network: answer it here, the new tab only has to open.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
  );

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/pengingat-tagihan');
  const table = page.getByRole('table', { name: 'Pengingat Tagihan' });
  const row = table.getByRole('row').filter({ hasText: student.name });
  const link = row.getByRole('link', { name: new RegExp(`Kirim WhatsApp ke orang tua ${student.name}`) });
  await expect(link).toBeVisible({ timeout: 30_000 });
  // No gateway is configured by default: the screen does not offer sending through one.
  await expect(page.getByRole('button', { name: /Kirim via Gateway/ })).toHaveCount(0);

  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/${digits(student.phone)}?text=`)).toBe(true);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  const text = new URL(href).searchParams.get('text') ?? '';
  expect(text).toContain(student.name);
  for (const mm of student.months) expect(text).toContain(monthLabel(mm));
  // 'Rp 1.250.000': the total's digits, grouped the Indonesian way.
  expect(text).toContain(`Rp ${student.total.toLocaleString('id-ID')}`);

  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  await expect(row.getByTestId('last-reminder')).toContainText('WhatsApp oleh', { timeout: 30_000 });

  // Recorded on the server: the list says so after a reload too.
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Pengingat Tagihan' })
      .getByRole('row')
      .filter({ hasText: student.name })
      .getByTestId('last-reminder'),
  ).toContainText('WhatsApp oleh', { timeout: 30_000 });

  // Surat Tagihan: fetched with the session's token, opened in a new tab; its text names the student and the total.
  const reloaded = page
    .getByRole('table', { name: 'Pengingat Tagihan' })
    .getByRole('row')
    .filter({ hasText: student.name });
  const pdfAnswer = page.waitForResponse((r) => r.url().includes('/api/bill-reminder-letters-pdf'));
  const tab = page.waitForEvent('popup');
  await reloaded.getByRole('button', { name: `Surat Tagihan ${student.name} (PDF)` }).click();
  const response = await pdfAnswer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const { text: letter } = await extractText(new Uint8Array(await response.body()), { mergePages: true });
  const flat = letter.replace(/\s+/g, ' ');
  expect(flat).toContain('Surat Tagihan');
  expect(flat).toContain(student.name);
  expect(flat).toContain(`Total Tunggakan: Rp ${student.total.toLocaleString('id-ID')}`);
  await (await tab).close();
  await expect(reloaded.getByTestId('last-reminder')).toContainText('Surat Tagihan oleh', {
    timeout: 30_000,
  });

  // The student's bills (Tagihan Siswa) list both reminders under Riwayat Pengingat, the letter first.
  await page.goto(`/student-billing/student/${student.student_id}`);
  const history = page.getByRole('table', { name: 'Riwayat Pengingat' });
  await expect(history).toBeVisible({ timeout: 30_000 });
  const entries = history.getByRole('row').filter({ hasText: `Rp ${student.total.toLocaleString('id-ID')}` });
  await expect(entries.first()).toContainText('Surat Tagihan');
  await expect(history.getByRole('row').filter({ hasText: 'WhatsApp' }).first()).toBeVisible();
  await expect(history).toContainText(monthLabel(student.months[0] ?? ''));
});
