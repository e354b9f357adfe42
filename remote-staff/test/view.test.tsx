import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeEmployee, renderStaff } from './render';

const EMPTY_PAGE = { data: [], current_page: 1, last_page: 1, per_page: 10, from: null, total: 0 };

/** The value of a Descriptions row by its label. */
const shownValue = (label: string) =>
  screen.getByText(label, { selector: 'th span' }).closest('th')?.nextElementSibling?.textContent;

describe('EmployeeViewPage', () => {
  it('shows every field read-only, the roles of the view list only, and the photo', async () => {
    const employee = makeEmployee({
      marital_status_id: 99,
      pics: '41-abc.jpg',
      user: {
        ...makeEmployee().user,
        roles: [
          { id: 3, slug: 'finance', title: 'Staf Keuangan', bg_color: null },
          { id: 6, slug: 'lecture', title: 'Guru', bg_color: null },
          { id: 7, slug: 'headmaster', title: 'Kepala Unit', bg_color: null },
        ],
      },
    });
    installFakeApi({ 'GET /api/employee/41': { body: employee } });
    renderStaff('/employee/show/41');
    await screen.findByRole('heading', { name: 'View Pegawai' });
    await screen.findByText('budi.santoso');
    expect(shownValue('NIP')).toBe('20150041');
    expect(shownValue('NIP PNS')).toBe('-');
    expect(shownValue('Jenis Kelamin')).toBe('Laki-Laki');
    expect(shownValue('Agama')).toBe('Islam');
    expect(shownValue('Suku')).toBe('Sunda');
    expect(shownValue('Menikah')).toBe('Tidak Ditentukan');
    expect(shownValue('Tanggal lahir')).toBe('5 Januari 1980');
    expect(shownValue('Cabang Aktif')).toBe('Cabang Bandung');
    expect(shownValue('Role')).toBe('GuruKepala Unit'); // finance is not among the view's roles
    expect((screen.getByAltText('Foto Budi Santoso') as HTMLImageElement).src).toBe(
      'http://api.test/uploads/employees/41-abc.jpg',
    );
  });

  it('shows the default photo when the stored one cannot be loaded', async () => {
    installFakeApi({ 'GET /api/employee/41': { body: makeEmployee({ pics: 'gone.jpg' }) } });
    renderStaff('/employee/show/41');
    const img = (await screen.findByAltText('Foto Budi Santoso')) as HTMLImageElement;
    fireEvent.error(img);
    await waitFor(() => expect(img.src).toBe('http://api.test/uploads/employees/default.png'));
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    const requests = installFakeApi({
      'GET /api/employee/41': { body: makeEmployee() },
      'DELETE /api/employee/41': { body: { message: 'Data berhasil dihapus' } },
      'GET /api/employee': { body: EMPTY_PAGE },
    });
    renderStaff('/employee/show/41', ['finance-manager']);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus' }));
    const dialog = within(await screen.findByRole('dialog'));
    dialog.getByText('Konfirmasi');
    dialog.getByText('Apakah Anda yakin untuk menghapus data Budi Santoso ?');
    fireEvent.click(dialog.getByRole('button', { name: 'Ya' }));
    await screen.findByText('Data berhasil dihapus');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee'));
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/employee/41')).toBe(true);
  });

  it('reports a refused delete and stays', async () => {
    installFakeApi({
      'GET /api/employee/41': { body: makeEmployee() },
      'DELETE /api/employee/41': {
        status: 409,
        body: { message: 'Data masih digunakan atau terkait dengan data lain' },
      },
    });
    renderStaff('/employee/show/41', ['finance-manager']);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ya' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Data masih digunakan atau terkait dengan data lain'));
    expect(screen.getByTestId('location').textContent).toBe('/employee/show/41');
  });

  it('offers no Edit or Hapus on staff not junior to the user (a finance colleague)', async () => {
    installFakeApi({ 'GET /api/employee/41': { body: makeEmployee() } });
    renderStaff('/employee/show/41', ['finance']);
    await screen.findByText('budi.santoso');
    expect(screen.queryByRole('button', { name: 'Hapus' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers no Edit or Hapus to users who are not finance editors', async () => {
    installFakeApi({ 'GET /api/employee/41': { body: makeEmployee() } });
    renderStaff('/employee/show/41', ['academic']);
    await screen.findByText('budi.santoso');
    expect(screen.queryByRole('button', { name: 'Hapus' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    screen.getByRole('button', { name: 'Kembali' });
  });
});
