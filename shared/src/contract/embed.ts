/**
 * Token Integrasi (ours): a short-lived token another module of the suite hands to the
 * embedded billing view instead of a staff member's session. It reads (`billing:read`) or reads and pays
 * (`billing:pay`) the bills of one branch, optionally of one student, for at most 12 hours, and can be revoked
 * at once. The rules: api/ROUTES.md "Embed tokens".
 */
import * as v from 'valibot';
import { optionalId, optionalText, requiredText } from './fields';
import { listQueryEntries, optionalQueryId } from './query';
import type { BranchTimeZone } from './time-zone';

export const EMBED_SCOPES = [
  { value: 'billing:read', label: 'Lihat tagihan' },
  { value: 'billing:pay', label: 'Lihat dan bayar tagihan' },
] as const;
export type EmbedScope = (typeof EMBED_SCOPES)[number]['value'];

/** The longest a token may live, and the choices the screen offers (minutes). */
export const EMBED_TOKEN_MAX_MINUTES = 12 * 60;
export const EMBED_TOKEN_MIN_MINUTES = 5;
export const EMBED_TOKEN_DURATIONS = [
  { value: 60, label: '1 jam' },
  { value: 4 * 60, label: '4 jam' },
  { value: 8 * 60, label: '8 jam' },
  { value: 12 * 60, label: '12 jam' },
] as const;

export const EMBED_MESSAGES = {
  labelRequired: 'Label wajib diisi',
  scopeInvalid: 'Cakupan token tidak valid',
  durationInvalid: `Masa berlaku antara ${EMBED_TOKEN_MIN_MINUTES} menit dan ${EMBED_TOKEN_MAX_MINUTES / 60} jam`,
  studentInvalid: 'Siswa tidak valid',
  created: 'Token integrasi berhasil dibuat. Salin sekarang: token tidak ditampilkan lagi.',
  revoked: 'Token integrasi berhasil dicabut',
  alreadyRevoked: 'Token ini sudah dicabut',
  /** A token used where its scope does not reach (a write with a read token, any screen outside billing). */
  outOfScope: 'Token integrasi tidak berlaku untuk tindakan ini',
  wrongBranch: 'Token tidak berlaku untuk cabang ini',
  wrongStudent: 'Token tidak berlaku untuk siswa ini',
  expired: 'Token integrasi sudah kedaluwarsa',
  revokedToken: 'Token integrasi sudah dicabut',
  invalid: 'Token integrasi tidak valid',
  /** A token marked kasir must be allowed to pay. */
  cashierNeedsPay: 'Token kasir harus berupa "Lihat dan bayar tagihan"',
  /** A counter payment with a token not marked kasir (a portal): it pays online only (Bayar Online). */
  notCashier: 'Token ini tidak dapat mencatat pembayaran di loket; gunakan Bayar Online.',
  /** A kasir token records payments of today only. */
  noBackdating: 'Pembayaran dengan token kasir hanya bertanggal hari ini',
} as const;

/** `POST /api/embed-tokens`: minted for the caller's active branch. */
export const EmbedTokenCreateSchema = v.pipe(
  v.object({
    label: requiredText(EMBED_MESSAGES.labelRequired, 'Label', 100),
    scope: v.picklist(
      EMBED_SCOPES.map((s) => s.value),
      EMBED_MESSAGES.scopeInvalid,
    ),
    student_id: optionalId(EMBED_MESSAGES.studentInvalid),
    expires_in_minutes: v.pipe(
      v.number(EMBED_MESSAGES.durationInvalid),
      v.integer(EMBED_MESSAGES.durationInvalid),
      v.minValue(EMBED_TOKEN_MIN_MINUTES, EMBED_MESSAGES.durationInvalid),
      v.maxValue(EMBED_TOKEN_MAX_MINUTES, EMBED_MESSAGES.durationInvalid),
    ),
    /**
     * A kasir token (docs/roles.md#embed-tokens): the cashier who takes payments at the counter with it;
     * empty or absent: a portal's token, which never records a payment.
     */
    cashier_name: optionalText('Nama kasir', 100),
  }),
  v.forward(
    v.check(
      (input) => input.cashier_name === null || input.scope === 'billing:pay',
      EMBED_MESSAGES.cashierNeedsPay,
    ),
    ['cashier_name'],
  ),
);
export type EmbedTokenCreate = v.InferInput<typeof EmbedTokenCreateSchema>;

export type EmbedTokenStatus = 'active' | 'expired' | 'revoked';

/** `GET /api/embed-tokens`: the branch's tokens, paged. */
export const EmbedTokenListQuerySchema = v.object(listQueryEntries(['created_at']));

/** `GET /api/embed/session`: what the token may do, for the student the view shows (if any). */
export const EmbedSessionQuerySchema = v.object({ student_id: optionalQueryId('Siswa') });

/** One token as `GET /api/embed-tokens` lists it (never the token itself: it is shown once, when minted). */
export interface EmbedTokenEntry {
  id: number;
  label: string;
  scope: EmbedScope;
  /** Kasir: the cashier it records payments for; null: it never records a payment. */
  cashier_name: string | null;
  student: { id: number; name: string; nis: string } | null;
  created_at: string;
  created_by: string | null;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  status: EmbedTokenStatus;
}

export interface EmbedTokenCreated {
  message: string;
  /** The bearer token: give it to the embedded view (`token` prop). */
  token: string;
  data: EmbedTokenEntry;
}

/**
 * `GET /api/embed/session?student_id=`: what the token in hand may do, checked against the student the view
 * shows (403 with `EMBED_MESSAGES.wrongBranch`/`wrongStudent` when it may not). A staff session's token answers
 * too (kind `session`: what its roles allow).
 */
export interface EmbedSession {
  kind: 'embed' | 'session';
  scope: EmbedScope;
  /** The token's branch; its time zone gives the embedded view's "today". */
  branch: { id: number; name: string; time_zone: BranchTimeZone };
  student_id: number | null;
  expires_at: string | null;
  /**
   * Whether the counter's payment form may be used: a staff session that may pay, or a kasir token (an embed
   * token of another kind only shows; online payment comes later).
   */
  counter_payments: boolean;
  /** A kasir token's cashier (payments are recorded as taken by them); null otherwise. */
  cashier_name: string | null;
}

/** The printed documents the embedded view opens through a one-use link. */
export const DOCUMENT_LINK_KINDS = [
  { value: 'kuitansi', label: 'Kuitansi' },
  { value: 'nota', label: 'Nota' },
] as const;
export type DocumentLinkKind = (typeof DOCUMENT_LINK_KINDS)[number]['value'];

/** How long a link holds before it is opened (seconds). */
export const DOCUMENT_LINK_SECONDS = 60;

export const DOCUMENT_LINK_MESSAGES = {
  kindInvalid: 'Jenis dokumen tidak valid',
  paymentInvalid: 'Pembayaran tidak valid',
  used: 'Tautan dokumen tidak berlaku atau sudah dipakai. Buka kembali dari billing.',
} as const;

/** `POST /api/document-links`: a one-use link to a payment's printed Kuitansi or Nota. */
export const DocumentLinkSchema = v.object({
  kind: v.picklist(
    DOCUMENT_LINK_KINDS.map((k) => k.value),
    DOCUMENT_LINK_MESSAGES.kindInvalid,
  ),
  payment_id: v.pipe(
    v.number(DOCUMENT_LINK_MESSAGES.paymentInvalid),
    v.integer(DOCUMENT_LINK_MESSAGES.paymentInvalid),
    v.minValue(1, DOCUMENT_LINK_MESSAGES.paymentInvalid),
  ),
});

export interface DocumentLink {
  /** Under the API root: `{baseUrl}{path}` opens the PDF once, without a token. */
  path: string;
  expires_at: string;
}
