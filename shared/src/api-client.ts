import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import type { ApiErrorBody } from './contract';
import { IDEMPOTENCY_KEY_HEADER } from './contract/common';

/** THE one local-storage key of the product's session token (spec: "a fixed key"). */
export const TOKEN_STORAGE_KEY = 'keuangan.token';

export const NETWORK_ERROR_TEXT = 'Tidak dapat terhubung ke server. Periksa koneksi Anda.';
export const GENERIC_ERROR_TEXT = 'Terjadi kesalahan';

/**
 * The one HTTP client of the product (a Module Federation singleton, so host and remotes share it).
 * Paths are written as the spec lists them: `apiGet('/api/employee')`.
 */
export const api = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

/** Points the client at the API server root; called by `loadConfig`/`setConfig`. */
export function configureApi(baseUrl: string): void {
  api.defaults.baseURL = baseUrl;
}

let onUnauthorized: () => void = () => {};

/** The session registers its logout here (kept as a callback so this module does not import the store). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

api.interceptors.request.use((config) => {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // Uploads: let the browser write the multipart boundary (a JSON content type would make axios
  // serialise the FormData to JSON).
  if (config.data instanceof FormData) config.headers.delete('Content-Type');
  return config;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  // A rejected token (expired, revoked) ends the session; a 401 without a token (wrong password
  // on login) is only an error message.
  if (isAxiosError(error) && error.response?.status === 401 && error.config?.headers?.has('Authorization')) {
    onUnauthorized();
  }
  return Promise.reject(error);
});

/** Typed helpers returning the response body: the one way screens fetch. */
export async function apiGet<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  return (await api.get<T>(url, { ...config, params })).data;
}

export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await api.post<T>(url, body, config)).data;
}

/** How often and how long a payment is tried while the server is busy (`apiPostIdempotent`). */
export const BUSY_RETRY = { attempts: 3, defaultWaitMs: 2_000, maxWaitMs: 5_000 } as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failure worth the same request again: a busy server (503) or one not reached (no answer). */
const isWorthRetrying = (error: unknown) =>
  isAxiosError(error) && error.code !== 'ERR_CANCELED' && (!error.response || error.response.status === 503);

/**
 * POST a payment with its Idempotency-Key, again with the same key while the server is busy (503: its
 * database waited past a limit, api/README.md "Operations") or was not reached: at most three tries, waiting
 * the server's Retry-After (at most 5 s) between them. The key makes a retry safe: the server pays once and
 * answers the same payment to a repeat.
 */
export async function apiPostIdempotent<T>(
  url: string,
  body: unknown,
  idempotencyKey: string,
  wait: (ms: number) => Promise<void> = pause,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiPost<T>(url, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
    } catch (error) {
      if (attempt >= BUSY_RETRY.attempts || !isWorthRetrying(error)) throw error;
      const seconds = Number(isAxiosError(error) ? error.response?.headers?.['retry-after'] : Number.NaN);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : BUSY_RETRY.defaultWaitMs;
      await wait(Math.min(Math.max(ms, 0), BUSY_RETRY.maxWaitMs));
    }
  }
}

export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await api.put<T>(url, body, config)).data;
}

export async function apiPatch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await api.patch<T>(url, body, config)).data;
}

export async function apiDelete<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  return (await api.delete<T>(url, { ...config, params })).data;
}

/** Splits a comma-separated server message into lines (the spec's "commas become line breaks"). */
const commasToLines = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');

function messageFromBody(body: unknown): string | null {
  if (typeof body === 'string') {
    const trimmed = body.trim();
    // A plain-text body is a message; an HTML error page (proxy, crash) is not readable text.
    return trimmed && !trimmed.startsWith('<') ? trimmed : null;
  }
  if (!body || typeof body !== 'object') return null;
  const { message, errors } = body as Partial<ApiErrorBody>;
  if (typeof message === 'string' && message.trim()) return message;
  if (errors && typeof errors === 'object') {
    const all = Object.values(errors)
      .flat()
      .filter((m): m is string => typeof m === 'string');
    if (all.length) return all.join(', ');
  }
  return null;
}

/** What a busy or unreachable server (503: the API's database, or a proxy's page) says, as one line. */
const BUSY_TEXT = 'Server sedang sibuk, coba lagi';

/**
 * Any error as readable Indonesian text, one message per line: the server's `message` (or its
 * field errors), a connection hint when the server was not reached, else 'Terjadi kesalahan'. A server
 * failure (5xx) ends with the request's code (`X-Request-Id`).
 */
export function apiErrorText(error: unknown): string {
  if (isAxiosError(error)) {
    if (error.response) {
      const { status, data, headers } = error.response;
      const message = messageFromBody(data);
      const text = status === 503 ? BUSY_TEXT : message ? commasToLines(message) : GENERIC_ERROR_TEXT;
      // A server failure names its request: the user can quote the code, the operator finds its log line.
      const id = status >= 500 ? headers?.['x-request-id'] : undefined;
      return typeof id === 'string' && id ? `${text}\n(kode: ${id})` : text;
    }
    if (error.code !== 'ERR_CANCELED') return NETWORK_ERROR_TEXT;
  }
  return GENERIC_ERROR_TEXT;
}

/** True for a request cancelled on purpose (a screen left, a newer query started): not worth a toast. */
export const isCancelledRequest = (error: unknown): boolean => axios.isCancel(error);
