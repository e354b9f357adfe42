import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SUMMARY, installFakeApi, makeUser, renderApp, signIn } from './render-app';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

async function openApp(path = '/', roles = ['finance']) {
  const requests = installFakeApi({
    'GET /api/dashboard-fin-summary': { body: EMPTY_SUMMARY },
    'POST /api/auth/logout': { body: { message: 'Anda telah keluar' } },
  });
  signIn(makeUser(roles));
  const app = renderApp(path, [{ path: 'employee/*', element: <p>Area Pegawai</p> }]);
  const sidebar = await screen.findByTestId('sidebar');
  return { ...app, sidebar, requests };
}

const menuLabels = (sidebar: HTMLElement) =>
  within(sidebar)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('MainLayout', () => {
  it('shows the sidebar menu of the spec, in order', async () => {
    const { sidebar } = await openApp();
    expect(menuLabels(sidebar)).toEqual([
      'Dashboard',
      'Master Data',
      'Billing Peserta PSB',
      'Billing Peserta Mutasi',
      'Billing Siswa',
      'Rekap Kas Harian',
      'Pembayaran Online',
      'Rekonsiliasi Bank',
      'Laporan',
      'Token Integrasi',
    ]);

    fireEvent.click(within(sidebar).getByText('Master Data'));
    await waitFor(() =>
      expect(menuLabels(sidebar)).toEqual([
        'Dashboard',
        'Master Data',
        'Pegawai',
        'Calon Siswa PSB',
        'Calon Siswa Mutasi',
        'Siswa',
        'Kelas',
        'Komponen Biaya Siswa',
        'Aturan Potongan',
        'Rencana Cicilan',
        'Billing Peserta PSB',
        'Billing Peserta Mutasi',
        'Billing Siswa',
        'Rekap Kas Harian',
        'Pembayaran Online',
        'Rekonsiliasi Bank',
        'Laporan',
        'Token Integrasi',
      ]),
    );
    expect(within(sidebar).getByRole('link', { name: 'Pegawai' }).getAttribute('href')).toBe('/employee');
    expect(within(sidebar).getByRole('link', { name: 'Komponen Biaya Siswa' }).getAttribute('href')).toBe(
      '/student-fee-component',
    );
  });

  it('shows Log Audit to admins only, last', async () => {
    const { sidebar } = await openApp('/', ['admin']);
    expect(menuLabels(sidebar).at(-1)).toBe('Log Audit');
    expect(within(sidebar).getByRole('link', { name: 'Log Audit' }).getAttribute('href')).toBe('/audit-log');
  });

  it('opens the groups as an accordion', async () => {
    const { sidebar } = await openApp();
    fireEvent.click(within(sidebar).getByText('Master Data'));
    await within(sidebar).findByRole('link', { name: 'Pegawai' });
    fireEvent.click(within(sidebar).getByText('Laporan'));
    const report = await within(sidebar).findByRole('link', { name: 'Laporan Billing Siswa' });
    expect(report.getAttribute('href')).toBe('/report-student-billing');
    expect(within(sidebar).getByRole('link', { name: 'Pengingat Tagihan' }).getAttribute('href')).toBe(
      '/pengingat-tagihan',
    );
    expect(within(sidebar).getByRole('link', { name: 'Laporan Potongan' }).getAttribute('href')).toBe(
      '/report-discounts',
    );
    expect(within(sidebar).getByRole('link', { name: 'Laporan Saldo Titipan' }).getAttribute('href')).toBe(
      '/report-student-credit',
    );
    const masterData = within(sidebar).getByText('Master Data').closest('[aria-expanded]');
    await waitFor(() => expect(masterData?.getAttribute('aria-expanded')).toBe('false'));
  });

  it('opens the group of the current page and marks its item', async () => {
    const { sidebar } = await openApp('/employee/edit/4');
    const item = within(sidebar).getByRole('link', { name: 'Pegawai' }).closest('li');
    expect(item?.className).toContain('ant-menu-item-selected');
  });

  it('shows logo, product name and the active branch linking to branch selection', async () => {
    const { sidebar } = await openApp();
    within(sidebar).getByText('Keuangan');
    const branch = screen.getByTestId('active-branch');
    expect(branch.textContent).toBe('Cabang Bandung');
    expect(branch.getAttribute('href')).toBe('/branch-select');
    expect(screen.getByTestId('active-branch-zone').textContent).toBe('Zona waktu WIB');
  });

  it('shows the version and the current year in the footer; the version opens Tentang', async () => {
    await openApp();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toBe(`Keuangan v0.1.0 © ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: 'v0.1.0' }).getAttribute('href')).toBe('/tentang');
  });

  it('toggles the sidebar with the header button', async () => {
    const { sidebar } = await openApp();
    const toggle = screen.getByRole('button', { name: 'Buka/tutup menu' });
    expect(sidebar.dataset.collapsed).toBe('false');
    fireEvent.click(toggle);
    expect(sidebar.dataset.collapsed).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(sidebar.dataset.collapsed).toBe('false');
  });

  it('collapses at 992 px and below, closes by the overlay or a chosen item, and expands above', async () => {
    const { sidebar, router } = await openApp();
    resizeTo(992);
    expect(sidebar.dataset.collapsed).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Buka/tutup menu' }));
    expect(sidebar.dataset.collapsed).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Tutup menu' }));
    expect(sidebar.dataset.collapsed).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Buka/tutup menu' }));
    fireEvent.click(within(sidebar).getByText('Master Data'));
    fireEvent.click(await within(sidebar).findByRole('link', { name: 'Pegawai' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee'));
    expect(sidebar.dataset.collapsed).toBe('true');
    await screen.findByText('Area Pegawai');

    resizeTo(993);
    expect(sidebar.dataset.collapsed).toBe('false');
  });

  it('user menu shows who is signed in and signs out (on the server too) to /login', async () => {
    const { router, sidebar, requests } = await openApp();
    fireEvent.click(screen.getByRole('button', { name: /Siti Rahmawati/ }));
    const menu = await waitFor(() => {
      const userMenu = screen.getAllByRole('menu').find((m) => !sidebar.contains(m));
      if (!userMenu) throw new Error('user menu not open');
      return userMenu;
    });
    // The summary loads with the menu's first opening (README "Measuring").
    await within(menu).findByText('Pegawai');
    within(menu).getByText('siti@sekolah.sch.id');
    within(menu).getByText('FINANCE');
    expect(within(menu).getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/profile');
    fireEvent.click(within(menu).getByText('Keluar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/auth/logout')).toHaveLength(1);
  });
});
