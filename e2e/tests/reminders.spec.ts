import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiGet, apiToken, digits, monthLabel, signIn } from './helpers';

/**
 * Pengingat Tagihan on the demo data (docs/money.md "Reminders"; the older arrears of class 2B/8B): a row's
 * WhatsApp link carries a message naming the student, the months and the total; opening it records the reminder
 * and "Terakhir diingatkan" shows it.
 */

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
});
