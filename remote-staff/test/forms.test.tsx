import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeEmployee, REFERENCES, renderStaff } from './render';

const save = () => screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;

/** Opens an antd select by its label and picks an option. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const choice = await screen.findByTitle(option);
  fireEvent.click(choice);
}

describe('EmployeeAddPage', () => {
  it('shows every validation message of the spec and sends nothing', async () => {
    const requests = installFakeApi(REFERENCES);
    renderStaff('/employee/add');
    await screen.findByRole('heading', { name: 'Tambah Pegawai' });
    fireEvent.click(save());
    await screen.findByText('Nama Tidak Boleh Kosong');
    expect(screen.getAllByText('Harap pilih salah satu')).toHaveLength(2); // Jenis Kelamin and Menikah
    screen.getByText('Agama Tidak Boleh Kosong');
    screen.getByText('Suku Tidak Boleh Kosong');
    screen.getByText('Harap pilih cabang minimal satu');
    expect(screen.getByLabelText('Nama').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds an employee with the chosen values and goes back to the list', async () => {
    const requests = installFakeApi({
      ...REFERENCES,
      'POST /api/employee': { status: 201, body: makeEmployee() },
      'GET /api/employee': {
        body: { data: [], current_page: 1, last_page: 1, per_page: 10, from: null, total: 0 },
      },
    });
    renderStaff('/employee/add', ['superadmin']);
    fireEvent.change(await screen.findByLabelText('Nama'), { target: { value: '  Budi Santoso ' } });
    fireEvent.change(screen.getByLabelText('Gelar Akhir'), { target: { value: 'S.Pd.' } });
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Jenis Kelamin' })).getByLabelText('Laki-Laki'),
    );
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Menikah' })).getByLabelText('Belum'));
    await waitFor(() => expect(screen.getByLabelText('Agama').closest('.ant-select-disabled')).toBeNull());
    await pick('Agama', 'Islam');
    await pick('Suku', 'Jawa');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Cabang Aktif' })).getByLabelText('Cabang Cimahi'),
    );
    fireEvent.click(within(screen.getByRole('group', { name: 'Role' })).getByLabelText('Staf Akademik'));
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee'));
    await screen.findByText('Data berhasil ditambahkan.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      nip: null,
      name: 'Budi Santoso',
      initial_degree: null,
      final_degree: 'S.Pd.',
      gender_id: 1,
      religion_id: 1,
      ethnic_id: 6,
      marital_status_id: 2,
      branch_ids: [2],
      roles: ['academic'],
      fe: 'fin',
    });
  });

  it('offers role assigners only the add roles, and others no role input', async () => {
    installFakeApi(REFERENCES);
    const view = renderStaff('/employee/add', ['academic-manager']);
    const roles = within(await screen.findByRole('group', { name: 'Role' }));
    await roles.findByLabelText('Manajer Akademik');
    expect(roles.getAllByRole('checkbox')).toHaveLength(2);
    roles.getByLabelText('Staf Akademik');
    view.unmount();

    renderStaff('/employee/add', ['finance']);
    await screen.findByRole('heading', { name: 'Tambah Pegawai' });
    expect(screen.queryByRole('group', { name: 'Role' })).toBeNull();
  });

  it('offers only the signed-in user’s branches', async () => {
    installFakeApi(REFERENCES);
    renderStaff('/employee/add');
    const branches = within(await screen.findByRole('group', { name: 'Cabang Aktif' }));
    expect(branches.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Cabang Bandung',
      'Cabang Cimahi',
    ]);
  });

  it('disables Simpan for a user who is not a finance editor', async () => {
    installFakeApi(REFERENCES);
    renderStaff('/employee/add', ['academic-manager']);
    await screen.findByRole('heading', { name: 'Tambah Pegawai' });
    expect(save().disabled).toBe(true);
  });

  it('shows a failure as a toast with one line per message and keeps the input', async () => {
    installFakeApi({
      ...REFERENCES,
      'POST /api/employee': {
        status: 403,
        body: { message: 'Anda tidak terdaftar di cabang tersebut, Coba lagi' },
      },
    });
    renderStaff('/employee/add');
    fireEvent.change(await screen.findByLabelText('Nama'), { target: { value: 'Budi' } });
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Jenis Kelamin' })).getByLabelText('Perempuan'),
    );
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Menikah' })).getByLabelText('Sudah'));
    await pick('Agama', 'Kristen');
    await pick('Suku', 'Sunda');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Cabang Aktif' })).getByLabelText('Cabang Bandung'),
    );
    fireEvent.click(save());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Anda tidak terdaftar di cabang tersebut\nCoba lagi'));
    expect((screen.getByLabelText('Nama') as HTMLInputElement).value).toBe('Budi');
    expect(screen.getByTestId('location').textContent).toBe('/employee/add');
  });

  it('goes back to the list on Batal', async () => {
    installFakeApi({
      ...REFERENCES,
      'GET /api/employee': {
        body: { data: [], current_page: 1, last_page: 1, per_page: 10, from: null, total: 0 },
      },
    });
    renderStaff('/employee/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee'));
  });
});

describe('EmployeeEditPage', () => {
  const routes = (employee = makeEmployee()) => ({
    ...REFERENCES,
    'GET /api/employee/41': { body: employee },
    'PUT /api/employee/41': { body: employee },
    'GET /api/employee': {
      body: { data: [], current_page: 1, last_page: 1, per_page: 10, from: null, total: 0 },
    },
  });

  it('fills the form from the employee; Uname and NIP are read-only', async () => {
    installFakeApi(routes());
    renderStaff('/employee/edit/41', ['superadmin']);
    await screen.findByRole('heading', { name: 'Edit Pegawai' });
    expect(((await screen.findByLabelText('Uname')) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Uname') as HTMLInputElement).value).toBe('budi.santoso');
    expect((screen.getByLabelText('NIP') as HTMLInputElement).value).toBe('20150041');
    expect((screen.getByLabelText('Nama') as HTMLInputElement).value).toBe('Budi Santoso');
    expect((screen.getByLabelText('NIK') as HTMLInputElement).value).toBe('3273010101800001');
    expect((screen.getByLabelText('Tanggal lahir') as HTMLInputElement).value).toBe('05-01-1980');
    const roles = within(screen.getByRole('group', { name: 'Role' }));
    // Only the edit roles are checkboxes; the employee's other roles are kept and shown.
    expect(roles.getAllByRole('checkbox')).toHaveLength(2);
    expect((roles.getByLabelText('Staf Keuangan') as HTMLInputElement).checked).toBe(true);
    expect((roles.getByLabelText('Manajer Keuangan') as HTMLInputElement).checked).toBe(false);
    screen.getByText('Role lain:');
    expect((screen.getByAltText('Foto Budi Santoso') as HTMLImageElement).src).toBe(
      'http://api.test/uploads/employees/default.png',
    );
  });

  it('saves the whole role list of a role assigner and confirms', async () => {
    const requests = installFakeApi(routes());
    renderStaff('/employee/edit/41', ['superadmin']);
    const roles = within(await screen.findByRole('group', { name: 'Role' }));
    fireEvent.click(roles.getByLabelText('Manajer Keuangan'));
    fireEvent.change(screen.getByLabelText('No. Handphone'), { target: { value: '' } });
    fireEvent.click(save());
    await screen.findByText('Data berhasil diupdate.');
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Budi Santoso',
      phone: null,
      birth_date: '1980-01-05',
      branch_ids: [1],
      roles: ['academic', 'lecture', 'finance', 'finance-manager'],
      fe: 'fin',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee'));
    expect(requests.some((r) => r.url.startsWith('/api/employee-photo'))).toBe(false);
  });

  it('blocks saving an employee left without any role', async () => {
    const onlyFinance = makeEmployee({
      user: {
        ...makeEmployee().user,
        roles: [{ id: 3, slug: 'finance', title: 'Staf Keuangan', bg_color: null }],
      },
    });
    const requests = installFakeApi(routes(onlyFinance));
    renderStaff('/employee/edit/41', ['superadmin']);
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Role' })).getByLabelText('Staf Keuangan'),
    );
    fireEvent.click(save());
    await screen.findByText('Harap pilih role minimal satu');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('sends no roles for a finance editor who may not assign them, and shows no role input', async () => {
    const requests = installFakeApi(routes());
    renderStaff('/employee/edit/41', ['finance']);
    await screen.findByLabelText('Uname');
    expect(screen.queryByRole('group', { name: 'Role' })).toBeNull();
    fireEvent.click(save());
    await screen.findByText('Data berhasil diupdate.');
    expect(requests.find((r) => r.method === 'PUT')?.body).not.toHaveProperty('roles');
  });

  it('disables Simpan for a user who is not a finance editor', async () => {
    installFakeApi(routes());
    renderStaff('/employee/edit/41', ['academic-manager']);
    await screen.findByLabelText('Uname');
    expect(save().disabled).toBe(true);
  });

  it('shows the validation messages of the edit form', async () => {
    installFakeApi(routes(makeEmployee({ religion_id: null, ethnic_id: null })));
    renderStaff('/employee/edit/41', ['superadmin']);
    fireEvent.change(await screen.findByLabelText('Nama'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('NIK'), { target: { value: '32-73' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Cabang Aktif' })).getByLabelText('Cabang Bandung'),
    );
    fireEvent.click(save());
    await screen.findByText('Nama Tidak Boleh Kosong');
    screen.getByText('Agama Tidak Boleh Kosong');
    screen.getByText('Suku Tidak Boleh Kosong');
    screen.getByText('NIK hanya boleh berisi angka');
    screen.getByText('Harap pilih cabang minimal satu');
  });

  it('titles an update failure Error and stays', async () => {
    installFakeApi({
      ...routes(),
      'PUT /api/employee/41': { status: 422, body: { message: 'Agama tidak valid' } },
    });
    renderStaff('/employee/edit/41');
    await screen.findByLabelText('Uname');
    fireEvent.click(save());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('ErrorAgama tidak valid'));
    expect(screen.getByTestId('location').textContent).toBe('/employee/edit/41');
  });

  it('reports an employee that cannot be loaded, with Coba lagi', async () => {
    let calls = 0;
    installFakeApi({
      ...REFERENCES,
      'GET /api/employee/41': () =>
        ++calls === 1 ? { status: 404, body: { message: 'Data tidak ditemukan' } } : { body: makeEmployee() },
    });
    renderStaff('/employee/edit/41');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('ErrorData tidak ditemukan'));
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await screen.findByLabelText('Uname');
  });

  it('refuses a photo that is not a JPEG or PNG', async () => {
    installFakeApi(routes());
    renderStaff('/employee/edit/41');
    const input = (await screen.findByLabelText('Foto')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'foto.gif', { type: 'image/gif' })] } });
    await screen.findByText('File harus berupa jpg atau png');
    expect(screen.queryByText('Potong Foto')).toBeNull();
  });
});
