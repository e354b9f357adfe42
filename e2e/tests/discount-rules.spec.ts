import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { classMonth } from './class-month';
import { ACCOUNTS, apiGet, apiToken, monthValue, pick, signIn } from './helpers';

// Aturan Potongan end to end (docs/money.md#discount-rules): a student given the Yatim/Piatu category, a rule of
// Rp 250.000 off SPP typed the Indonesian way, the class charged from the fee list, the bill naming the rule; then
// a second rule applied mid-year, its total shown before confirming; Laporan Potongan narrowed to the class shows
// both. Class 5B in a month the demo data leaves empty (the other journeys use classes 1A, 2A and 3A); both rules
// are voided at the end, so nothing later sees them.

type Named = { id: number; name: string };
type Item = { fee_type: { name: string }; discount: number; discount_rule: { name: string } | null };

/** SD, this year, the period holding today, Kelas 5, class 5B, an empty month; a student of the class. */
async function place(request: APIRequestContext) {
  const names = await classMonth(request);
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const department = (await get<Named[]>('/api/ref-department-getall')).find(
    (d) => d.name === names.department,
  );
  const year = (await get<Named[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`)).find(
    (y) => y.name === names.year,
  );
  const periods = await get<{ id: number; periode: { name: string } }[]>(
    `/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`,
  );
  const period = periods.find((p) => p.periode.name === names.period);
  const level = (await get<Named[]>(`/api/ref-level-getall?department_id=${department?.id}`)).find(
    (l) => l.name === 'Kelas 5',
  );
  const klass = (
    await get<Named[]>(
      `/api/ref-class-getall?department_id=${department?.id}&year_of_study_id=${year?.id}&level_id=${level?.id}`,
    )
  ).find((c) => c.name === '5B');
  if (!department || !year || !period || !level || !klass) throw new Error('no SD class 5B this year');
  const students = await get<{ id: number; name: string; nis: string }[]>(
    `/api/student-all?department_id=${department.id}&class_id=${klass.id}&study_status=1`,
  );
  // A student with no category yet (the demo gives some Saudara Kandung or Beasiswa).
  const categorized = await get<{ data: { student_id: number }[] }>(
    '/api/student-categories?ended=1&limit=100',
  );
  const student = students.find((s) => !categorized.data.some((c) => c.student_id === s.id));
  if (!student) throw new Error('class 5B has no student without a category');
  const mm = monthValue(names.free[0]);
  const filter = `department_id=${department.id}&year_of_study_id=${year.id}&yos_periode_id=${period.id}&level_id=${level.id}&class_id=${klass.id}&mm=${mm}`;
  return { token, names, department, year, period: period.periode.name, level, klass, student, mm, filter };
}

/** Tambah Aturan filled in: a category rule of one fee type for one month, an amount typed as staff type it. */
async function createRule(
  page: Page,
  rule: { name: string; fee: string; amount: string; mm: string; reason: string },
) {
  await page.goto('/aturan-potongan');
  await page.getByRole('button', { name: 'Tambah Aturan' }).click();
  await expect(page.getByRole('heading', { name: 'Tambah Aturan Potongan' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Nama Aturan').fill(rule.name);
  // A multiple select stays open after a choice: the option is clicked, then the list closed.
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${rule.fee}"]`);
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByLabel('Jenis Biaya', { exact: true }).click();
    await expect(option).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await option.dispatchEvent('click');
  await page.keyboard.press('Escape');
  await page.getByLabel('Potongan (Rp)').fill(rule.amount);
  await pick(page, 'Kategori', 'Yatim/Piatu');
  await page.getByLabel('Dari Bulan').fill(rule.mm);
  await page.getByLabel(/^Sampai Bulan/).fill(rule.mm);
  await page.getByLabel('Alasan').fill(rule.reason);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Aturan potongan berhasil ditambahkan')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Aturan ${rule.name} tersimpan.`)).toBeVisible();
}

test('a discount rule for a category: charged with the rule named on the bill, and one applied mid-year with its total shown first', async ({
  page,
  request,
}) => {
  test.slow(); // a category, two rules, a charge of a whole class
  const p = await place(request);
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();

  // Kategori Siswa: the student becomes Yatim/Piatu.
  await page.goto('/aturan-potongan');
  await page.getByRole('tab', { name: 'Kategori Siswa' }).click();
  await page.getByRole('button', { name: 'Tambah Kategori' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Kategori Siswa' });
  await form.getByLabel('Siswa', { exact: true }).fill(p.student.nis);
  const found = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: p.student.nis,
  });
  await expect(found).toBeVisible({ timeout: 30_000 });
  await found.dispatchEvent('click');
  await pick(page, 'Kategori', 'Yatim/Piatu');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Kategori siswa berhasil ditambahkan')).toBeVisible({ timeout: 30_000 });
  const categories = page.getByRole('table', { name: 'Daftar Kategori Siswa' });
  await expect(categories.getByRole('row').filter({ hasText: p.student.nis })).toContainText('Yatim/Piatu', {
    timeout: 20_000,
  });

  // A rule before charging: Rp 250.000 off SPP for Yatim/Piatu in the month.
  const spp = {
    name: 'Potongan Yatim SPP',
    fee: 'SPP',
    amount: '250.000',
    mm: p.mm,
    reason: 'Santunan yatim',
  };
  await createRule(page, spp);

  // The fee list: the class-month's components, charged to the class.
  await page.goto('/student-fee-component');
  await pick(page, 'Departemen', p.department.name);
  await pick(page, 'Tahun Ajaran', p.year.name);
  await pick(page, 'Periode KBM', p.period);
  await pick(page, 'Tingkat', p.level.name);
  await pick(page, 'Kelas', p.klass.name);
  await pick(page, 'Bulan', p.names.free[0]);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await page.getByRole('button', { name: 'Generate Komponen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText(/Berhasil Generate Komponen/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Bebankan ke Siswa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bebankan' }).click();
  await expect(page.getByText(/^Berhasil Membebankan Komponen Pada Siswa/)).toBeVisible({ timeout: 60_000 });

  // The student's bill: SPP discounted by the rule, which the bill names with its reason.
  const bills = await apiGet<{ data: { id: number; student_id: number; bill_number: string }[] }>(
    request,
    p.token,
    `/api/student-billing?${p.filter}&limit=100`,
  );
  const bill = bills.data.find((b) => b.student_id === p.student.id);
  if (!bill) throw new Error('the student was not charged');
  const detailOf = () =>
    apiGet<{ student_billing_items: Item[] }>(request, p.token, `/api/student-billing/${bill.id}`);
  const sppItem = (await detailOf()).student_billing_items.find((i) => i.fee_type.name === 'SPP');
  expect(sppItem).toMatchObject({ discount: 250_000, discount_rule: { name: spp.name } });
  await page.goto(`/student-billing/show/${bill.id}`);
  await expect(page.getByText(`Potongan: ${spp.name} — ${spp.reason}`)).toBeVisible({ timeout: 30_000 });

  // Mid-year: a rule on Kegiatan made after the charge; applying it shows the total before confirming.
  const activity = {
    name: 'Potongan Yatim Kegiatan',
    fee: 'Kegiatan',
    amount: '25.000',
    mm: p.mm,
    reason: 'Santunan kegiatan',
  };
  await createRule(page, activity);
  await page.getByRole('button', { name: 'Terapkan ke tagihan yang belum dibayar' }).click();
  const apply = page.getByRole('dialog', { name: 'Terapkan ke tagihan yang belum dibayar' });
  await expect(apply.getByText('Total potongan Rp 25.000')).toBeVisible({ timeout: 30_000 });
  const previewed = apply.getByRole('table', { name: 'Item yang mendapat potongan' });
  await expect(previewed).toContainText(p.student.name);
  await expect(previewed).toContainText(bill.bill_number);
  await apply.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByText(/Potongan diterapkan ke tagihan yang belum dibayar: 1 item/)).toBeVisible({
    timeout: 30_000,
  });
  const kegiatan = (await detailOf()).student_billing_items.find((i) => i.fee_type.name === 'Kegiatan');
  expect(kegiatan).toMatchObject({ discount: 25_000, discount_rule: { name: activity.name } });
  const rules = page.getByRole('table', { name: 'Daftar Aturan Potongan' });
  await expect(rules.getByRole('row').filter({ hasText: activity.name })).toContainText('1 item, Rp 25.000');

  // Laporan Potongan narrowed to the class (period and months on 'Semua'): both rules, in 5B only.
  await page.goto('/report-discounts');
  await pick(page, 'Departemen', p.department.name);
  await pick(page, 'Tahun Ajaran', p.year.name);
  await pick(page, 'Tingkat', p.level.name);
  await pick(page, 'Kelas', p.klass.name);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const report = page.getByRole('table', { name: 'Potongan per Aturan dan Kelas' });
  await expect(report.getByRole('row').filter({ hasText: spp.name })).toContainText('Rp 250.000', {
    timeout: 30_000,
  });
  await expect(report.getByRole('row').filter({ hasText: activity.name })).toContainText('Rp 25.000');
  await expect(report.locator('tbody tr.ant-table-row').filter({ hasNotText: p.klass.name })).toHaveCount(0);

  // Both voided with a reason: what they gave stays, nothing later takes them.
  await page.goto('/aturan-potongan');
  for (const name of [activity.name, spp.name]) {
    await rules.getByRole('button', { name: `Batalkan ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Batalkan Aturan Potongan' });
    await dialog.getByLabel('Alasan pembatalan').fill('Uji selesai');
    await dialog.getByRole('button', { name: 'Batalkan Aturan' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(rules.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  }
  expect((await detailOf()).student_billing_items.find((i) => i.fee_type.name === 'SPP')?.discount).toBe(
    250_000,
  );
});
