/**
 * Log Audit (ours): every change to money and access recorded once, server-side, in the
 * transaction of the change: who, when, branch, what (entity and id), before and after, and the reason where
 * one is asked. The rules: api/ROUTES.md "Audit log".
 */
import * as v from 'valibot';
import { CashDayField } from './cash-closing';
import { labelOf } from './codes';
import { PAYMENT_TYPES } from './common';
import { listQueryEntries, optionalQueryId } from './query';
import { ROLE_TITLES, type RoleSlug } from './roles';
import { formatRupiah } from './rupiah';

/** What happened, with its Indonesian name (the Jenis filter and column). */
export const AUDIT_ACTIONS = [
  { value: 'billing.confirm', label: 'Konfirmasi billing' },
  { value: 'billing.confirm_all', label: 'Konfirmasi billing (massal)' },
  { value: 'billing.unconfirm', label: 'Batalkan konfirmasi' },
  { value: 'billing_item.add', label: 'Tambah komponen billing' },
  { value: 'billing_item.update', label: 'Ubah harga/diskon komponen' },
  { value: 'billing_item.remove', label: 'Hapus komponen billing' },
  { value: 'payment.create', label: 'Pembayaran' },
  { value: 'payment.void', label: 'Pembatalan pembayaran' },
  { value: 'prospect_payment.create', label: 'Pembayaran calon siswa' },
  { value: 'fee_component.create', label: 'Tambah komponen biaya' },
  { value: 'fee_component.update', label: 'Ubah komponen biaya' },
  { value: 'fee_component.delete', label: 'Hapus komponen biaya' },
  { value: 'staff.create', label: 'Tambah pegawai' },
  { value: 'staff.update', label: 'Ubah pegawai (peran/cabang)' },
  { value: 'staff.delete', label: 'Hapus pegawai' },
  { value: 'auth.login_failed', label: 'Login gagal' },
  { value: 'cash.close', label: 'Tutup kas' },
  { value: 'cash.reopen', label: 'Buka kembali kas' },
  { value: 'cash.deposit', label: 'Setoran bank' },
  { value: 'embed_token.create', label: 'Buat token integrasi' },
  { value: 'embed_token.revoke', label: 'Cabut token integrasi' },
  { value: 'discount_rule.create', label: 'Tambah aturan potongan' },
  { value: 'discount_rule.void', label: 'Batalkan aturan potongan' },
  { value: 'discount_rule.apply', label: 'Terapkan aturan potongan' },
  { value: 'student_category.create', label: 'Tambah kategori siswa' },
  { value: 'student_category.end', label: 'Akhiri kategori siswa' },
  { value: 'instalment_plan.create', label: 'Tambah rencana cicilan' },
  { value: 'instalment_plan.update', label: 'Ubah rencana cicilan' },
  { value: 'instalment_plan.deactivate', label: 'Nonaktifkan rencana cicilan' },
  { value: 'instalment_plan.activate', label: 'Aktifkan rencana cicilan' },
  { value: 'instalments.apply', label: 'Atur cicilan komponen' },
  { value: 'instalments.change', label: 'Ubah cicilan komponen' },
  { value: 'instalments.cancel', label: 'Batalkan cicilan komponen' },
  { value: 'online_charge.create', label: 'Tagih online' },
  { value: 'online_settings.update', label: 'Ubah pengaturan pembayaran online' },
  { value: 'fixed_va.create', label: 'VA tetap dibuat' },
  { value: 'fixed_va.close', label: 'VA tetap ditutup' },
  { value: 'student_credit.create', label: 'Saldo titipan masuk' },
  { value: 'student_credit.reverse', label: 'Saldo titipan dibatalkan' },
  { value: 'books.close_period', label: 'Tutup buku' },
  { value: 'books.reopen_period', label: 'Buka kembali buku' },
  { value: 'books.account_create', label: 'Tambah akun' },
  { value: 'books.account_update', label: 'Ubah akun' },
  { value: 'books.account_deactivate', label: 'Nonaktifkan akun' },
  { value: 'books.account_activate', label: 'Aktifkan akun' },
  { value: 'books.mapping_update', label: 'Ubah pemetaan akun' },
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number]['value'];

/** What a record is about (the Entitas filter). */
export const AUDIT_ENTITIES = [
  { value: 'student_billing', label: 'Billing siswa' },
  { value: 'student_billing_item', label: 'Komponen billing siswa' },
  { value: 'student_billing_payment', label: 'Pembayaran siswa' },
  { value: 'prospective_billing_payment', label: 'Pembayaran calon siswa' },
  { value: 'student_fee_component', label: 'Komponen biaya siswa' },
  { value: 'employee', label: 'Pegawai' },
  { value: 'user', label: 'Akun pengguna' },
  { value: 'cash_closing', label: 'Tutup kas' },
  { value: 'embed_token', label: 'Token integrasi' },
  { value: 'discount_rule', label: 'Aturan potongan' },
  { value: 'student_category', label: 'Kategori siswa' },
  { value: 'instalment_plan', label: 'Rencana cicilan' },
  { value: 'online_charge', label: 'Tagihan online' },
  { value: 'online_payment_settings', label: 'Pengaturan pembayaran online' },
  { value: 'student_credit_movement', label: 'Saldo titipan' },
  { value: 'books_period', label: 'Periode buku' },
  { value: 'books_account', label: 'Akun' },
  { value: 'books_mapping', label: 'Pemetaan akun' },
] as const;

/** One record, as `GET /api/audit-log` lists it (newest first). */
export interface AuditLogEntry {
  id: number;
  occurred_at: string;
  user_id: number | null;
  user_name: string | null;
  action: AuditAction;
  entity: string;
  entity_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/** `GET /api/audit-log-users`: who has records in the branch (the Pengguna filter). */
export interface AuditLogUser {
  id: number;
  name: string;
}

/** Sort columns of the list. */
export const AUDIT_ORDER_FIELDS = ['id', 'occurred_at'] as const;

/** The Indonesian names of the fields a record's before and after hold (others show as stored). */
export const AUDIT_FIELDS: Readonly<Record<string, string>> = {
  name: 'Nama',
  nip: 'NIP',
  nip_pns: 'NIP PNS',
  nik: 'NIK',
  phone: 'No. Handphone',
  address: 'Alamat',
  birth_place: 'Tempat Lahir',
  birth_date: 'Tanggal Lahir',
  initial_degree: 'Gelar Depan',
  final_degree: 'Gelar Belakang',
  gender_id: 'Jenis Kelamin',
  religion_id: 'Agama',
  ethnic_id: 'Suku',
  marital_status_id: 'Status Pernikahan',
  roles: 'Peran',
  branch_ids: 'Cabang',
  user_id: 'Akun',
  username: 'Username',
  amount: 'Jumlah',
  total: 'Total',
  price: 'Harga',
  discount: 'Diskon',
  ditanggung: 'Ditanggung',
  qty: 'Qty',
  component: 'Komponen',
  components: 'Komponen',
  bills: 'Billing',
  ptype: 'Jenis Pembayaran',
  payment_date: 'Tanggal Bayar',
  payment_number: 'No. Kuitansi',
  form_status: 'Status',
  number: 'Nomor',
  date: 'Tanggal',
  cashier_id: 'Kasir',
  count: 'Jumlah Data',
  items: 'Jumlah Komponen',
  ids: 'Billing',
  ftype: 'Tipe',
  due_day: 'Tanggal Jatuh Tempo',
  category: 'Kategori',
  student_id: 'Siswa',
  since: 'Sejak',
  active: 'Aktif',
  instalments: 'Cicilan',
  shares: 'Porsi',
  plan_id: 'Rencana Cicilan',
  generated: 'Dibuat',
  copied: 'Disalin',
  class_id: 'Kelas',
  mm: 'Bulan',
  from_mm: 'Dari Bulan',
  provider: 'Penyedia',
  channels: 'Kanal',
};

/** Fields holding rupiah: shown as `Rp 1.250.000`. */
const MONEY_FIELDS = new Set(['amount', 'total', 'price', 'discount', 'ditanggung']);

/** One stored value as people read it: lists joined, objects as `field: value`, yes/no, rupiah where money. */
function auditValueText(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak';
  if (typeof value === 'number' && key && MONEY_FIELDS.has(key)) return formatRupiah(value);
  if (typeof value === 'number' && key === 'ptype') return labelOf(PAYMENT_TYPES, value, String(value));
  if (typeof value === 'string' && key === 'roles') return ROLE_TITLES[value as RoleSlug] ?? value;
  if (Array.isArray(value)) return value.length ? value.map((v) => auditValueText(v, key)).join(', ') : '-';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${AUDIT_FIELDS[k] ?? k} ${auditValueText(v, k)}`,
    );
    return `(${parts.join(', ')})`;
  }
  return String(value);
}

/**
 * A record's change in words, the Perubahan column of the screen and the download (docs/roles.md "Audit log"):
 * `No. Handphone: 0812 → 0813; Jumlah: Rp 150.000`, a field only after (or only before) without the arrow.
 */
export function auditChangeText(entry: Pick<AuditLogEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .map((key) => {
      const label = AUDIT_FIELDS[key] ?? key;
      const had = key in before;
      const has = key in after;
      if (had && has)
        return `${label}: ${auditValueText(before[key], key)} → ${auditValueText(after[key], key)}`;
      return `${label}: ${auditValueText(had ? before[key] : after[key], key)}`;
    })
    .join('; ');
}

/** What a record is about in words: `Pegawai #12` (an entity the list does not know shows as stored). */
export const auditEntityText = (entry: Pick<AuditLogEntry, 'entity' | 'entity_id'>): string =>
  `${labelOf(AUDIT_ENTITIES, entry.entity, entry.entity)}${entry.entity_id ? ` #${entry.entity_id}` : ''}`;

const AUDIT_FILTER_ENTRIES = {
  date_from: v.optional(CashDayField),
  date_to: v.optional(CashDayField),
  user_id: optionalQueryId('Pengguna'),
  action: v.optional(
    v.picklist(
      AUDIT_ACTIONS.map((a) => a.value),
      'Jenis tidak valid',
    ),
  ),
  entity: v.optional(
    v.picklist(
      AUDIT_ENTITIES.map((e) => e.value),
      'Entitas tidak valid',
    ),
  ),
};

/** `GET /api/audit-log`: the filter plus paging, search and order. */
export const AuditLogQuerySchema = v.object({
  ...AUDIT_FILTER_ENTRIES,
  ...listQueryEntries(AUDIT_ORDER_FIELDS),
});

/** `GET /api/audit-log-xlsx`: the list's filter. */
export const AuditLogDownloadQuerySchema = v.object(AUDIT_FILTER_ENTRIES);
