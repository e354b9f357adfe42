/** The one error shape of the API: `{message, errors?}` with an Indonesian message (contract ApiErrorBody). */
import type { ApiErrorBody } from '@keuangan/shared/contract';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Response headers that go with the error (e.g. Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const MESSAGES = {
  notFound: 'Data tidak ditemukan',
  routeNotFound: 'Alamat tidak ditemukan',
  unauthenticated: 'Sesi Anda tidak valid atau telah berakhir, silakan login kembali',
  notFinanceEditor: 'Anda tidak memiliki akses ke modul keuangan',
  badRequest: 'Format permintaan tidak valid',
  nulCharacter: 'Teks tidak boleh berisi karakter NUL',
  badUpload: 'Format unggahan tidak valid',
  tooManyParts: 'Unggahan berisi terlalu banyak bagian',
  serverError: 'Terjadi kesalahan pada server',
  busy: 'Server sedang sibuk, coba lagi',
} as const;

export const notFound = () => new ApiError(404, MESSAGES.notFound);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
/** A rule on one field failed (the same shape as a validation failure). */
export const fieldError = (field: string, message: string) =>
  new ApiError(422, message, { [field]: [message] });
