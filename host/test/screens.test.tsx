import type { ScreenArea } from '@keuangan/shared/contract';
import { describe, expect, it } from 'vitest';
import { sidebarMenu } from '../src/layout/menu';
import { routesOfAreas } from '../src/remotes/remoteRoutes';
import { HOST_AREAS, REMOTE_AREAS } from '../src/screens';

const labels = (entries: ReturnType<typeof sidebarMenu>) =>
  entries.map((e) =>
    'children' in e ? `${e.label}: ${e.children.map((c) => c.label).join(', ')}` : e.label,
  );

describe("the host's menu and routes, built from the apps' declared areas", () => {
  it('gives every remote area one route: areas with their sub-paths, documents exact', () => {
    const paths = routesOfAreas(REMOTE_AREAS).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('employee/*');
    expect(paths).toContain('audit-log/*');
    expect(paths).toContain('class-student/*');
    expect(paths).toContain('student-billing/show/:id/receipt-show');
    expect(paths).toHaveLength(Object.values(REMOTE_AREAS).flat().length);
  });

  it('orders the sidebar across remotes and leaves Log Audit to admins', () => {
    const finance = sidebarMenu(['finance']);
    expect(labels(finance)).toEqual([
      'Dashboard',
      'Master Data: Pegawai, Calon Siswa PSB, Calon Siswa Mutasi, Siswa, Kelas, Komponen Biaya Siswa, ' +
        'Aturan Potongan, Rencana Cicilan',
      'Billing Peserta PSB',
      'Billing Peserta Mutasi',
      'Billing Siswa',
      'Rekap Kas Harian',
      'Pembayaran Online',
      'Rekonsiliasi Bank',
      'Laporan: Laporan Billing Peserta PSB, Laporan Billing Peserta Mutasi, Laporan Billing Siswa, ' +
        'Pengingat Tagihan, Laporan Potongan, Laporan Saldo Titipan, Jurnal Umum, Buku Besar, Neraca Saldo',
      'Token Integrasi',
    ]);
    // The finance editors' screens are not offered to a teacher.
    const teacher = labels(sidebarMenu(['lecture']));
    expect(teacher).not.toContain('Rekonsiliasi Bank');
    expect(teacher.join(' ')).not.toContain('Jurnal Umum');
    expect(teacher.join(' ')).not.toContain('Neraca Saldo');
    expect(teacher.join(' ')).not.toContain('Buku Besar');
    // The chart and its mappings: admins and finance managers only, last of Laporan.
    expect(labels(finance).join(' ')).not.toContain('Akun & Pemetaan');
    expect(labels(sidebarMenu(['finance-manager'])).join(' ')).toContain('Neraca Saldo, Akun & Pemetaan');
    expect(labels(sidebarMenu(['admin'])).at(-1)).toBe('Log Audit');
    expect(labels(sidebarMenu(['superadmin', 'finance'])).at(-1)).toBe('Log Audit');
  });

  it('marks an entry for the areas that belong to it', () => {
    const master = sidebarMenu(['finance']).find((e) => 'children' in e && e.key === 'master-data');
    const kelas =
      master && 'children' in master ? master.children.find((c) => c.path === '/class') : undefined;
    expect(kelas?.alsoFor).toEqual(['/class-student']);
  });

  it('takes a new screen declared in one remote into both the menu and the routes', () => {
    const added: ScreenArea = {
      path: 'laporan-tunggakan',
      title: 'Laporan Tunggakan',
      menu: { group: 'laporan', order: 99 },
      roles: ['finance-manager'],
    };
    const areas = { ...REMOTE_AREAS, billing: [...REMOTE_AREAS.billing, added] };
    expect(routesOfAreas(areas).map((r) => r.path)).toContain('laporan-tunggakan/*');

    const all = [...HOST_AREAS, ...Object.values(areas).flat()];
    const reportsOf = (roles: string[]) =>
      sidebarMenu(roles, all)
        .flatMap((e) => ('children' in e ? e.children : []))
        .map((c) => c.label);
    expect(reportsOf(['finance-manager']).at(-1)).toBe('Laporan Tunggakan');
    expect(reportsOf(['finance'])).not.toContain('Laporan Tunggakan');
  });
});
