import type { Employee, Paged } from '@keuangan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeEmployee, renderStaff } from './render';

const page = (data: Employee[], overrides: Partial<Paged<Employee>> = {}): Paged<Employee> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  from: data.length ? 1 : null,
  total: data.length,
  ...overrides,
});

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('EmployeeListPage', () => {
  it('shows each row as the spec lists it: number, uname and #NIP, name, badges, branches, bio, status', async () => {
    const inactive = makeEmployee({
      id: 42,
      name: 'Citra Lestari',
      nip: null,
      gender_id: 2,
      birth_date: null,
      status: 2,
      user: {
        uname: 'citra',
        roles: [{ id: 9, slug: 'headmaster', title: 'Kepala Unit', bg_color: null }],
        branches: [
          { id: 1, name: 'Cabang Bandung' },
          { id: 2, name: 'Cabang Cimahi' },
        ],
      },
    });
    installFakeApi({
      'GET /api/employee': {
        body: page([makeEmployee(), inactive], { from: 11, current_page: 2, total: 12 }),
      },
    });
    renderStaff('/employee', ['finance-manager']);
    await screen.findByRole('heading', { name: 'Pegawai' });
    await screen.findByText('budi.santoso');
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    const budi = within(rows[0] as HTMLElement);
    const citra = within(rows[1] as HTMLElement);
    budi.getByText('11'); // the running number continues from `from`
    budi.getByText('#20150041');
    budi.getByText('Budi Santoso');
    // Badges only for the list's roles: finance yes, academic and lecture no.
    budi.getByText('Staf Keuangan');
    expect(budi.queryByText('Staf Akademik')).toBeNull();
    expect(budi.queryByText('Guru')).toBeNull();
    budi.getByText('Cabang Bandung');
    budi.getByText('Laki-Laki');
    budi.getByText('5 Januari 1980');
    budi.getByRole('img', { name: 'Aktif' });

    citra.getByText('12');
    expect(citra.queryByText(/^#/)).toBeNull();
    citra.getByText('Kepala Unit');
    citra.getByText('Cabang Bandung, Cabang Cimahi');
    citra.getByText('Perempuan');
    citra.getByRole('img', { name: 'Tidak Aktif' });

    expect(budi.getByRole('link', { name: 'Lihat Budi Santoso' }).getAttribute('href')).toBe(
      '/employee/show/41',
    );
    expect(budi.getByRole('link', { name: 'Edit Budi Santoso' }).getAttribute('href')).toBe(
      '/employee/edit/41',
    );
    // A headmaster is senior to a finance manager: no Edit (the API would refuse it).
    expect(citra.queryByRole('link', { name: /^Edit/ })).toBeNull();
    // The active branch the list is scoped to.
    expect(screen.getByTestId('remote-session-branch').textContent).toBe('Cabang Bandung');
  });

  it('asks for 10 rows by name, and searches on Enter', async () => {
    const requests = installFakeApi({ 'GET /api/employee': { body: page([makeEmployee()]) } });
    renderStaff('/employee');
    await screen.findByText('budi.santoso');
    expect(requests[0]?.params).toEqual({ q: '', orderby: 'name', sort: 'asc', page: 1, limit: 10 });
    const search = screen.getByRole('searchbox', { name: 'Cari pegawai' });
    fireEvent.change(search, { target: { value: '  budi ' } });
    expect(requests).toHaveLength(1); // typing alone does not search
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ q: 'budi', page: 1 }));
    // Or with the search button.
    fireEvent.change(search, { target: { value: 'siti' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ q: 'siti' }));
  });

  it('shows the empty state', async () => {
    installFakeApi({ 'GET /api/employee': { body: page([]) } });
    renderStaff('/employee');
    await screen.findByText('Tidak ada data');
  });

  it('reports a failed load in an Error toast, and above the list with Coba lagi', async () => {
    installFakeApi({ 'GET /api/employee': { status: 500, body: { message: 'Database tidak tersedia' } } });
    renderStaff('/employee');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
        expect.arrayContaining([
          'ErrorDatabase tidak tersedia',
          'Data tidak dapat dimuat: Database tidak tersediaCoba lagi',
        ]),
      ),
    );
  });

  it('hides the edit action and Tambah from users who are not finance editors', async () => {
    installFakeApi({ 'GET /api/employee': { body: page([makeEmployee()]) } });
    renderStaff('/employee', ['academic-manager']);
    await screen.findByText('budi.santoso');
    screen.getByRole('link', { name: 'Lihat Budi Santoso' });
    expect(screen.queryByRole('link', { name: 'Edit Budi Santoso' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Tambah/ })).toBeNull();
  });
});
