import { expect, test } from '@playwright/test';
import { classMonth } from './class-month';
import { ACCOUNTS, API, apiGet, apiToken, monthValue, pick, signIn } from './helpers';

// Charging a whole level from the fee list (Kelas 'Semua'): the real API (demo data), the production builds,
// Chromium. Works in SD Kelas 3 (the fee and billing journeys use Kelas 1 and 2) in an empty month.

type Named = { id: number; name: string };

test("charge every class of a level with Kelas 'Semua': the outcome per class, and twice charges nothing", async ({
  page,
  request,
}) => {
  test.slow(); // a whole level of students
  const place = await classMonth(request);
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const department = (await get<Named[]>('/api/ref-department-getall')).find(
    (d) => d.name === place.department,
  );
  const year = (await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`)).find(
    (y) => y.name === place.year,
  );
  const period = (
    await get<{ id: number; periode: { name: string } }[]>(
      `/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`,
    )
  ).find((p) => p.periode.name === place.period);
  const level = (await get<Named[]>(`/api/ref-level-getall?department_id=${department?.id}`)).find(
    (l) => l.name === 'Kelas 3',
  );
  if (!department || !year || !period || !level) throw new Error('the demo data lacks SD Kelas 3');
  const classes = await get<Named[]>(
    `/api/ref-class-getall?department_id=${department.id}&year_of_study_id=${year.id}&level_id=${level.id}`,
  );
  expect(classes.length).toBeGreaterThanOrEqual(2);
  const month = place.free[0];
  const filter = {
    department_id: department.id,
    year_of_study_id: year.id,
    yos_periode_id: period.id,
    level_id: level.id,
    mm: monthValue(month),
  };
  // Each class gets its components for the month (Generate Komponen through the API); then the level's
  // active students per class, what the outcome should say.
  const active = new Map<string, number>();
  for (const klass of classes) {
    const generated = await request.post(`${API}/api/student-fee-component-batch`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...filter, class_id: klass.id },
    });
    expect(generated.ok(), await generated.text()).toBeTruthy();
    const students = await get<unknown[]>(
      `/api/student-all?department_id=${department.id}&class_id=${klass.id}&study_status=1`,
    );
    active.set(klass.name, students.length);
  }

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/student-fee-component');
  await pick(page, 'Departemen', department.name);
  await pick(page, 'Tahun Ajaran', year.name);
  await pick(page, 'Periode KBM', place.period);
  await pick(page, 'Tingkat', level.name);
  await pick(page, 'Kelas', 'Semua');
  await pick(page, 'Bulan', month);
  // 'Semua' is for charging only: listing, generating and copying need one class.
  await expect(page.getByRole('button', { name: 'Tampilkan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate Komponen' })).toBeDisabled();
  await expect(page.getByText(/Kelas Semua: Bebankan ke Siswa/)).toBeVisible();

  await page.getByRole('button', { name: 'Bebankan ke Siswa' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Membebankan Komponen Pada Siswa')).toBeVisible();
  await expect(dialog.getByText(/semua kelas tingkat ini/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Bebankan' }).click();
  const toast = page.getByText(/^Berhasil Membebankan Komponen Pada Siswa/);
  await expect(toast).toBeVisible({ timeout: 60_000 });
  const total = [...active.values()].reduce((a, b) => a + b, 0);
  await expect(toast).toContainText(`${total} billing baru dibuat`);

  // The outcome per class: every class of the level, its new bills, nothing skipped; and the total row.
  const outcome = page.getByRole('table', { name: 'Hasil per kelas' });
  for (const [name, count] of active) {
    const row = outcome.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([name, String(count), String(count), '0', '0', /\d+/]);
  }
  await expect(outcome.getByRole('row').filter({ hasText: 'Total' })).toContainText(String(total));

  // Twice: nothing new, every student skipped.
  await page.getByRole('button', { name: 'Tutup', exact: true }).click();
  await expect(outcome).toHaveCount(0);
  await page.getByRole('button', { name: 'Bebankan ke Siswa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bebankan' }).click();
  await expect(page.getByText(/Tidak ada billing baru/)).toBeVisible({ timeout: 60_000 });
  for (const [name, count] of active) {
    const row = outcome.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([name, String(count), '0', '0', String(count), '0']);
  }

  // Choosing one class again lists its components, now locked.
  const first = classes[0] as Named;
  await pick(page, 'Kelas', first.name);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.getByLabel('SPP sudah dibebankan ke siswa')).toBeDisabled();
});
