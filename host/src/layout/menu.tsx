import { canViewAuditLog } from '@keuangan/shared/contract';
import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';

/** A leaf of the sidebar: a route (and routes that belong to it, e.g. a class's students). */
interface MenuLeaf {
  path: string;
  label: string;
  alsoFor?: string[];
  /** Shown only to users whose roles pass (Log Audit: admins). */
  onlyFor?: (roleSlugs: readonly string[]) => boolean;
}

interface MenuGroup {
  key: string;
  label: string;
  children: MenuLeaf[];
}

type MenuEntry = MenuLeaf | MenuGroup;

/**
 * The sidebar menu of docs/screens.md (Layout), in order. The spec names the three reports only by
 * route; their labels here are ours, prefixed 'Laporan' so they differ from the billing items.
 */
export const SIDEBAR_MENU: MenuEntry[] = [
  { path: '/', label: 'Dashboard' },
  {
    key: 'master-data',
    label: 'Master Data',
    children: [
      { path: '/employee', label: 'Pegawai' },
      { path: '/psb-event-prospective', label: 'Calon Siswa PSB' },
      { path: '/mutation-event-prospective', label: 'Calon Siswa Mutasi' },
      { path: '/student', label: 'Siswa' },
      { path: '/class', label: 'Kelas', alsoFor: ['/class-student'] },
      { path: '/student-fee-component', label: 'Komponen Biaya Siswa' },
      { path: '/aturan-potongan', label: 'Aturan Potongan' },
      { path: '/rencana-cicilan', label: 'Rencana Cicilan' },
    ],
  },
  { path: '/prospective-billing', label: 'Billing Peserta PSB' },
  { path: '/mutation-billing', label: 'Billing Peserta Mutasi' },
  { path: '/student-billing', label: 'Billing Siswa', alsoFor: ['/student-billing-payment-history-detail'] },
  { path: '/rekap-kas-harian', label: 'Rekap Kas Harian' },
  { path: '/pembayaran-online', label: 'Pembayaran Online' },
  { path: '/rekonsiliasi-bank', label: 'Rekonsiliasi Bank' },
  {
    key: 'laporan',
    label: 'Laporan',
    children: [
      { path: '/report-prospective-billing', label: 'Laporan Billing Peserta PSB' },
      { path: '/report-mutation-billing', label: 'Laporan Billing Peserta Mutasi' },
      { path: '/report-student-billing', label: 'Laporan Billing Siswa' },
      { path: '/pengingat-tagihan', label: 'Pengingat Tagihan' },
      { path: '/report-discounts', label: 'Laporan Potongan' },
    ],
  },
  { path: '/token-integrasi', label: 'Token Integrasi' },
  { path: '/audit-log', label: 'Log Audit', onlyFor: canViewAuditLog },
];

const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

/** A group's leaf: as high as its label needs, at least antd's 40 px. */
const WRAPPING_LEAF = {
  height: 'auto',
  minHeight: 40,
  lineHeight: '20px',
  paddingBlock: 10,
  whiteSpace: 'normal',
} as const;

/**
 * antd Menu items for a user: every leaf is a real link (middle-click, screen readers); its key is its path.
 * Leaves for some roles only are left out for the others.
 */
export const menuItemsFor = (roleSlugs: readonly string[]): MenuProps['items'] =>
  SIDEBAR_MENU.filter((entry) => isGroup(entry) || !entry.onlyFor || entry.onlyFor(roleSlugs)).map((entry) =>
    isGroup(entry)
      ? {
          key: entry.key,
          label: entry.label,
          children: entry.children.map((leaf) => ({
            key: leaf.path,
            label: <Link to={leaf.path}>{leaf.label}</Link>,
            // Indented, a long label would be cut to the same "Laporan Billing Peserta…": it wraps instead.
            style: WRAPPING_LEAF,
          })),
        }
      : { key: entry.path, label: <Link to={entry.path}>{entry.label}</Link> },
  );

const belongsTo = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** The menu leaf (its path) and the group holding it, for the current location. */
export function menuSelection(pathname: string): { selected: string | null; group: string | null } {
  for (const entry of SIDEBAR_MENU) {
    const leaves = isGroup(entry) ? entry.children : [entry];
    const leaf = leaves.find((l) => [l.path, ...(l.alsoFor ?? [])].some((p) => belongsTo(pathname, p)));
    if (leaf) return { selected: leaf.path, group: isGroup(entry) ? entry.key : null };
  }
  return { selected: null, group: null };
}
