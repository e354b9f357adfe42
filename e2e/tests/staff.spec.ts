import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken, signIn } from './helpers';

interface Employee {
  id: number;
  nip: string | null;
  name: string;
  pics: string | null;
  user: { uname: string };
}
interface Paged<T> {
  data: T[];
  total: number;
}

/** A real PNG, `width`×`height`, a colour gradient (not square: the crop has something to do). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (x * 255) / width;
      rows[at + 1] = (y * 255) / height;
      rows[at + 2] = 128;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Adds a staff member in both branches through the API (as admin), so whichever branch a test's account resumes
 * in (other tests switch branches) shows it.
 */
async function addStaff(request: APIRequestContext, name: string): Promise<Employee> {
  const { token, user } = await apiToken(request, ACCOUNTS.admin);
  const [religion] = await apiGet<{ id: number }[]>(request, token, '/api/ref-religions-getall');
  const [ethnic] = await apiGet<{ id: number }[]>(request, token, '/api/ref-ethnics-getall');
  const response = await request.post(`${API}/api/employee`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      gender_id: 2,
      religion_id: religion?.id,
      ethnic_id: ethnic?.id,
      marital_status_id: 1,
      branch_ids: user.branches.map((b) => b.id),
      roles: ['academic'],
      fe: 'fin',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Employee;
}

const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr.ant-table-row');

async function searchStaff(page: Page, term: string) {
  const search = page.getByRole('searchbox', { name: 'Cari pegawai' });
  await search.fill(term);
  await search.press('Enter');
}

test('staff list: 10 per page with running numbers, other page sizes, search by Enter and by the icon', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const first = await apiGet<Paged<Employee>>(request, token, '/api/employee?limit=10&page=1');
  const second = await apiGet<Paged<Employee>>(request, token, '/api/employee?limit=10&page=2');

  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/employee');
  await expect(page.getByRole('heading', { name: 'Pegawai' })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(10);
  await expect(page.getByText(`1-10 dari ${first.total} data`)).toBeVisible();
  await expect(tableRows(page).first()).toContainText(first.data[0]?.user.uname ?? '');

  await page.getByTitle('2', { exact: true }).click();
  await expect(tableRows(page).first().locator('td').first()).toHaveText('11');
  await expect(tableRows(page).first()).toContainText(second.data[0]?.name ?? '');

  // Another page size goes back to page 1.
  // antd's page size changer has no accessible name of its own.
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByRole('option', { name: '5 / halaman', exact: true }).click();
  await expect(tableRows(page)).toHaveCount(5);
  await expect(tableRows(page).first().locator('td').first()).toHaveText('1');

  // Search on Enter: by username.
  await searchStaff(page, 'keuangan');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Dewi Kartika Sari');
  const nip =
    (
      await tableRows(page)
        .first()
        .getByText(/^#\d+$/)
        .textContent()
    )?.slice(1) ?? '';
  expect(nip).toMatch(/^\d{8}$/);

  // Search with the icon: by NIP.
  const search = page.getByRole('searchbox', { name: 'Cari pegawai' });
  await search.fill(first.data[0]?.nip ?? '');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(first.data[0]?.name ?? '');

  await searchStaff(page, 'tidak-ada-pegawai-ini');
  await expect(page.getByText('Tidak ada data')).toBeVisible();
});

test('add staff: every validation message, then a saved staff member with a username and NIP', async ({
  page,
}) => {
  const name = 'Wulan Sari Ekatama';
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/employee');
  await page.getByRole('button', { name: 'Tambah' }).click();
  await expect(page).toHaveURL(/\/employee\/add$/);
  await expect(page.getByRole('heading', { name: 'Tambah Pegawai' })).toBeVisible();

  await page.getByRole('button', { name: 'Simpan' }).click();
  for (const message of [
    'Nama Tidak Boleh Kosong',
    'Agama Tidak Boleh Kosong',
    'Suku Tidak Boleh Kosong',
    'Harap pilih cabang minimal satu',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByText('Harap pilih salah satu')).toHaveCount(2);

  await page.getByLabel('Nama').fill(name);
  await page.getByLabel('Gelar Akhir').fill('S.Pd.');
  await page.getByRole('radiogroup', { name: 'Jenis Kelamin' }).getByText('Perempuan').click();
  await page.getByRole('radiogroup', { name: 'Menikah' }).getByText('Belum').click();
  await page.getByLabel('Agama').click();
  await page.getByTitle('Islam').click();
  await page.getByLabel('Suku').fill('Sund'); // a long list: search it
  await page.getByTitle('Sunda').click();
  await page
    .getByRole('group', { name: 'Cabang Aktif' })
    .getByText('Sekolah Nusantara Cabang Bandung')
    .click();
  const roles = page.getByRole('group', { name: 'Role' });
  await expect(roles.getByRole('checkbox')).toHaveCount(2); // only academic-manager and academic
  await roles.getByText('Staf Akademik').click();
  await expect(page.getByText('Nama Tidak Boleh Kosong')).toHaveCount(0);

  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil ditambahkan.')).toBeVisible();
  await expect(page).toHaveURL(/\/employee$/);
  await searchStaff(page, name);
  const row = tableRows(page).first();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(row).toContainText('wulan.sari.ekatama');
  await expect(row.getByText(new RegExp(`^#${new Date().getFullYear()}\\d{4}$`))).toBeVisible();
  await expect(row).toContainText('Perempuan');
});

test('edit staff: crop and upload a photo with the data, then the view shows it', async ({
  page,
  request,
}) => {
  const employee = await addStaff(request, 'Yusuf Fotografer');
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/employee');
  await searchStaff(page, employee.name);
  await page.getByRole('link', { name: `Edit ${employee.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/employee/edit/${employee.id}$`));
  await expect(page.getByLabel('Uname')).toHaveValue(employee.user.uname);
  await expect(page.getByAltText(`Foto ${employee.name}`)).toHaveAttribute(
    'src',
    /\/uploads\/employees\/default\.png$/,
  );

  await page.getByLabel('Tempat Lahir').fill('Cirebon');
  await page.getByLabel('No. Handphone').fill('081299990000');

  // A file that is not an image is refused before any dialog.
  await page
    .getByLabel('Foto')
    .setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('File harus berupa jpg atau png')).toBeVisible();

  await page
    .getByLabel('Foto')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(160, 120) });
  const dialog = page.getByRole('dialog', { name: 'Potong Foto' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeEnabled();
  await dialog.getByRole('slider', { name: 'Perbesar' }).press('ArrowRight');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByAltText(`Foto ${employee.name}`)).toHaveAttribute('src', /^blob:/);

  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data berhasil diupdate.')).toBeVisible();
  await expect(page).toHaveURL(/\/employee$/);

  await searchStaff(page, employee.name);
  await page.getByRole('link', { name: `Lihat ${employee.name}` }).click();
  await expect(page.getByRole('heading', { name: 'View Pegawai' })).toBeVisible();
  await expect(page.getByText('Cirebon')).toBeVisible();
  const photo = page.getByAltText(`Foto ${employee.name}`);
  await expect(photo).toHaveAttribute(
    'src',
    new RegExp(`/uploads/employees/${employee.id}-[0-9a-f]{16}\\.jpg$`),
  );
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(400);
});

test('view and delete: the confirmation dialog, then the staff member is gone', async ({ page, request }) => {
  const employee = await addStaff(request, 'Zaenal Sementara');
  await signIn(page, ACCOUNTS.finance);
  await expect(page.getByTestId('active_student_total')).toBeVisible();
  await page.goto('/employee');
  await searchStaff(page, employee.name);
  await page.getByRole('link', { name: `Lihat ${employee.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/employee/show/${employee.id}$`));
  await expect(page.getByText(employee.user.uname)).toBeVisible();
  await page.getByRole('button', { name: 'Hapus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konfirmasi' });
  await expect(dialog.getByText(`Apakah Anda yakin untuk menghapus data ${employee.name} ?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('dialog', { name: 'Konfirmasi' }).getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByText('Data berhasil dihapus')).toBeVisible();
  await expect(page).toHaveURL(/\/employee$/);
  await searchStaff(page, employee.name);
  await expect(page.getByText('Tidak ada data')).toBeVisible();
});

test('a user who is not a finance editor cannot save staff (the API refuses)', async ({ request }) => {
  const employee = await addStaff(request, 'Bagus Tanpa Akses');
  const { token } = await apiToken(request, ACCOUNTS.teacher);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post(`${API}/api/employee`, { headers, data: { name: 'X', fe: 'fin' } });
  expect(created.status()).toBe(403);
  const updated = await request.put(`${API}/api/employee/${employee.id}`, {
    headers,
    data: { name: 'X', fe: 'fin' },
  });
  expect(updated.status()).toBe(403);
  expect(await updated.json()).toEqual({ message: 'Anda tidak memiliki akses ke modul keuangan' });
});
