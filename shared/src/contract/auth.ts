import * as v from 'valibot';
import type { BranchTimeZone } from './time-zone';

/** The answer to a hand-off code that is unknown, used or expired (and the google-set page's message). */
export const HANDOFF_INVALID_MESSAGE = 'Tautan masuk tidak valid atau sudah kedaluwarsa';

export interface Role {
  id: number;
  slug: string;
  title: string;
  bg_color?: string | null;
}

export interface BranchRef {
  id: number;
  name: string;
}

/** A branch of the signed-in user, with the zone of its calendar (its "today"; label: TIME_ZONE_LABELS). */
export interface SessionBranch extends BranchRef {
  time_zone: BranchTimeZone;
}

/** The signed-in user as `auth/login`, `auth/me` and `auth/set-active-branch` return it (docs/data.md). */
export interface SessionUser {
  id: number;
  name: string;
  email: string | null;
  uname: string;
  utype_name: string;
  avatar: string | null;
  google_id_registran: string | null;
  roles: Role[];
  branches: SessionBranch[];
  /** The branch the session works in; its `time_zone` is the screens' "today". */
  active_branch: SessionBranch;
}

/** `POST /api/auth/login`: the `email` field carries the username the user typed. */
export const LoginRequestSchema = v.object({
  email: v.pipe(v.string('Username Tidak Boleh Kosong'), v.trim(), v.nonEmpty('Username Tidak Boleh Kosong')),
  password: v.pipe(v.string('Password Tidak Boleh Kosong'), v.nonEmpty('Password Tidak Boleh Kosong')),
});
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>;

/** Returned by `auth/login` and by `auth/set-active-branch/{id}`. */
export interface TokenResponse {
  token: string;
  user: SessionUser;
}

/** `POST /api/profile/update-password` (docs/validation.md). */
export const PasswordChangeSchema = v.pipe(
  v.object({
    old_password: v.pipe(
      v.string('Password Lama tidak boleh kosong'),
      v.nonEmpty('Password Lama tidak boleh kosong'),
    ),
    new_password: v.pipe(
      v.string('Password Baru tidak boleh kosong'),
      v.nonEmpty('Password Baru tidak boleh kosong'),
    ),
    new_password_confirmation: v.pipe(
      v.string('Konfirmasi Password Baru tidak boleh kosong'),
      v.nonEmpty('Konfirmasi Password Baru tidak boleh kosong'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['new_password_confirmation']],
      (input) => input.new_password === input.new_password_confirmation,
      'Konfirmasi Password tidak cocok',
    ),
    ['new_password_confirmation'],
  ),
);
export type PasswordChangeRequest = v.InferInput<typeof PasswordChangeSchema>;

/** `POST /api/profile/update-password`: the sessions issued before end, so the answer carries a new token. */
export interface PasswordChangeResponse {
  message: string;
  token: string;
}

/**
 * `POST /api/auth/handoff` (signed in): a one-use code, valid `expires_in` seconds, that signs a browser in
 * through `/google-set?token={code}`. The suite's sign-in asks for it and sends the browser there, so a
 * session token never travels in an address.
 */
export interface HandoffResponse {
  code: string;
  expires_in: number;
}

/** `POST /api/auth/handoff/exchange` (no session): the code becomes a session (`TokenResponse`), once. */
export const HandoffExchangeSchema = v.object({
  code: v.pipe(v.string(HANDOFF_INVALID_MESSAGE), v.nonEmpty(HANDOFF_INVALID_MESSAGE)),
});
export type HandoffExchangeRequest = v.InferInput<typeof HandoffExchangeSchema>;
