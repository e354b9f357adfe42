import { sessionStore, TOKEN_STORAGE_KEY } from '@keuangan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeUser, renderApp, signIn } from './render-app';

const SUMMARY = {
  active_student_total: 1234,
  total_amount_this_month: 1250000,
  total_payment_this_month: 750000,
  online_payment_this_month: 250000,
  total_billing_this_month: 500000,
};

describe('DashboardPage', () => {
  it('shows the four totals, each linking to its list', async () => {
    installFakeApi({ 'GET /api/dashboard-fin-summary': { body: SUMMARY } });
    signIn(makeUser());
    renderApp('/');
    const students = await screen.findByTestId('active_student_total');
    await waitFor(() => expect(students.textContent).toBe('Total Siswa Aktif1.234'));
    expect(students.getAttribute('href')).toBe('/student');
    const cases = [
      ['total_amount_this_month', 'Total Biaya Bulan IniRp 1.250.000'],
      [
        'total_payment_this_month',
        'Pembayaran Siswa Bulan IniRp 750.000termasuk Pembayaran Online Rp 250.000',
      ],
      ['total_billing_this_month', 'Sisa Tagihan Bulan IniRp 500.000'],
    ];
    for (const [field, text] of cases) {
      const tile = screen.getByTestId(field as string);
      expect(tile.textContent).toBe(text);
      expect(tile.getAttribute('href')).toBe('/student-billing');
    }
    expect(screen.getByTestId('online_payment_this_month').textContent).toBe(
      'termasuk Pembayaran Online Rp 250.000',
    );
  });

  it('explains a failure and retries', async () => {
    let calls = 0;
    installFakeApi({
      'GET /api/dashboard-fin-summary': () =>
        ++calls === 1 ? { status: 500, body: { message: 'Database tidak tersedia' } } : { body: SUMMARY },
    });
    signIn(makeUser());
    renderApp('/');
    await screen.findByText('Database tidak tersedia');
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() =>
      expect(screen.getByTestId('total_amount_this_month').textContent).toContain('Rp 1.250.000'),
    );
    expect(screen.queryByText('Database tidak tersedia')).toBeNull();
  });
});

describe('ProfilePage', () => {
  it('shows the user read-only, with a Google marker and a disabled Edit button', async () => {
    installFakeApi({});
    signIn(makeUser(['finance', 'admin'], { google_id_registran: 'g-1', avatar: 'siti.png' }));
    renderApp('/profile');
    const page = within(await screen.findByRole('main'));
    await page.findByText('Siti Rahmawati');
    page.getByText('siti@sekolah.sch.id');
    page.getByText('Google terhubung');
    page.getByText('siti');
    page.getByText('Pegawai');
    page.getByText('FINANCE');
    page.getByText('ADMIN');
    page.getByText('Cabang Cimahi');
    expect((screen.getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByAltText('Foto Siti Rahmawati').getAttribute('src')).toBe(
      'http://api.test/uploads/users/siti.png',
    );
  });

  it('uses the default avatar when the user has none', async () => {
    signIn(makeUser());
    renderApp('/profile');
    expect((await screen.findByAltText('Foto Siti Rahmawati')).getAttribute('src')).toBe(
      'http://api.test/uploads/users/avatar.png',
    );
  });

  it('changes the password, keeps the session with the new token, confirms and empties the form', async () => {
    const requests = installFakeApi({
      'POST /api/profile/update-password': { body: { message: 'ok', token: 'token-baru' } },
    });
    signIn(makeUser());
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('Password Lama'), { target: { value: 'lama' } });
    fireEvent.change(screen.getByLabelText('Password Baru'), { target: { value: 'baru123' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi Password Baru'), { target: { value: 'baru123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Password berhasil diubah.');
    expect(requests[0]?.body).toEqual({
      old_password: 'lama',
      new_password: 'baru123',
      new_password_confirmation: 'baru123',
    });
    await waitFor(() => expect((screen.getByLabelText('Password Lama') as HTMLInputElement).value).toBe(''));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-baru');
    expect(sessionStore.getState().user).not.toBeNull();
  });

  it('shows a failure as an Error toast with one line per message, and empties the form', async () => {
    installFakeApi({
      'POST /api/profile/update-password': {
        status: 422,
        body: { message: 'Password lama salah, Password baru minimal 8 karakter' },
      },
    });
    signIn(makeUser());
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('Password Lama'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Password Baru'), { target: { value: 'y' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi Password Baru'), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe('ErrorPassword lama salah\nPassword baru minimal 8 karakter'),
    );
    await waitFor(() => expect((screen.getByLabelText('Password Baru') as HTMLInputElement).value).toBe(''));
  });
});

describe('BranchSelectPage', () => {
  it('lists the branches: a check on the active one, Pilih on the others, filtered by the search box', async () => {
    signIn(makeUser());
    renderApp('/branch-select');
    await screen.findByRole('heading', { name: 'Ganti Sesi Cabang' });
    const rows = screen.getAllByRole('row').slice(1);
    within(rows[0] as HTMLElement).getByRole('img', { name: 'Aktif' });
    within(rows[1] as HTMLElement).getByRole('button', { name: 'Pilih Cabang Cimahi' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari cabang' }), { target: { value: 'cimahi' } });
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(1);
    expect(screen.queryByText('Cabang Bandung', { selector: 'td' })).toBeNull();
  });

  it('reports a failed switch and lets the user try again', async () => {
    installFakeApi({
      'GET /api/auth/set-active-branch/2': { status: 403, body: { message: 'Cabang tidak tersedia' } },
    });
    signIn(makeUser());
    renderApp('/branch-select');
    const choose = await screen.findByRole('button', { name: 'Pilih Cabang Cimahi' });
    fireEvent.click(choose);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Cabang tidak tersedia'));
    await waitFor(() => expect(choose.className).not.toContain('ant-btn-loading'));
  });
});
