/**
 * Log Audit (issue 21; not in the spec): every change to money and access recorded once, server-side, in the
 * transaction of the change: who, when, branch, what (entity and id), before and after, and the reason where
 * one is asked. The rules: api/ROUTES.md "Audit log".
 */
import type { RoleSlug } from './roles';

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
] as const;

/** Who may read the log. */
export const AUDIT_VIEWER_ROLES: readonly RoleSlug[] = ['superadmin', 'admin'];
export const canViewAuditLog = (roleSlugs: readonly string[]): boolean =>
  roleSlugs.some((slug) => (AUDIT_VIEWER_ROLES as readonly string[]).includes(slug));

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
