import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import type { AnswerOf, ApiErrorBody, ApiUrl, BodyOf, HttpMethod, QueryOf } from './contract';
import { IDEMPOTENCY_KEY_HEADER } from './contract/common';

/** THE one local-storage key of the product's session token (docs/decisions.md). */
export const TOKEN_STORAGE_KEY = 'keuangan.token';

export const NETWORK_ERROR_TEXT = 'Tidak dapat terhubung ke server. Periksa koneksi Anda.';
export const GENERIC_ERROR_TEXT = 'Terjadi kesalahan';

/** An address a method may be sent to: a route of the table (`ROUTES`) called with its parameters. */
type Url<M extends HttpMethod> = ApiUrl<unknown, M>;

/** What a method takes second: the body, or the query. */
type Second<U, Takes extends 'body' | 'query'> = Takes extends 'body' ? BodyOf<U> : QueryOf<U>;

/** Only a caller naming the answer (`<T>`) reaches the untyped form: without it, a wrong body does not compile. */
type Named<T, S> = [T] extends [never] ? never : S;

/**
 * One method's helper. Called with a route of the table it answers the route's answer type and takes the
 * route's body or query (`apiGet(ROUTES.people.employee({ id }))` is a `Promise<Employee>`; a field the
 * route's schema lacks does not compile). `<T>` names the answer of an address known only as a string.
 */
interface Send<M extends HttpMethod, Takes extends 'body' | 'query'> {
  <U extends Url<M>>(url: U, second?: Second<U, Takes>, config?: AxiosRequestConfig): Promise<AnswerOf<U>>;
  <T = never>(url: Url<M>, second?: Named<T, Second<Url<M>, Takes>>, config?: AxiosRequestConfig): Promise<T>;
}

/** What every call of a client can do: the typed helpers returning the response body. */
export interface ApiClient {
  /** The axios instance behind the helpers (files, tests). */
  http: AxiosInstance;
  apiGet: Send<'GET', 'query'>;
  apiPost: Send<'POST', 'body'>;
  apiPut: Send<'PUT', 'body'>;
  apiPatch: Send<'PATCH', 'body'>;
  apiDelete: Send<'DELETE', 'query'>;
  /** A payment: POST with its Idempotency-Key, again with the same key while the server is busy (below). */
  apiPostIdempotent: {
    <U extends Url<'POST'>>(
      url: U,
      body: BodyOf<U>,
      idempotencyKey: string,
      wait?: (ms: number) => Promise<void>,
    ): Promise<AnswerOf<U>>;
    <T = never>(
      url: Url<'POST'>,
      body: Named<T, unknown>,
      idempotencyKey: string,
      wait?: (ms: number) => Promise<void>,
    ): Promise<T>;
  };
}

export interface ApiClientOptions {
  /** The API server root (calls go to `{baseUrl}/api/...`); the host sets it later from its config. */
  baseUrl?: string;
  /** The bearer token of each call, read when the call is made (null: none). */
  token(): string | null;
  /** A token the server rejected (401 on a call that carried one). */
  onUnauthorized(error: unknown): void;
}

/**
 * A client: its own address, token and rejected-token handling. The product's screens share one (`hostApi`,
 * the signed-in session's); an embedded view makes its own per mount, so two views on one page with two
 * tokens never mix, and nothing of theirs touches the page's storage (remote-billing README, "Embedding").
 * Screens take theirs from `useApi()`; code outside React uses `hostApi`'s helpers, exported below by name.
 */
export function createApiClient({ baseUrl, token, onUnauthorized }: ApiClientOptions): ApiClient {
  const http = axios.create({
    baseURL: baseUrl,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });
  http.interceptors.request.use((config) => {
    const bearer = token();
    if (bearer) config.headers.set('Authorization', `Bearer ${bearer}`);
    // Uploads: let the browser write the multipart boundary (a JSON content type would make axios
    // serialise the FormData to JSON).
    if (config.data instanceof FormData) config.headers.delete('Content-Type');
    return config;
  });
  http.interceptors.response.use(undefined, (error: unknown) => {
    // A rejected token (expired, revoked) ends the session; a 401 without a token (wrong password
    // on login) is only an error message.
    if (
      isAxiosError(error) &&
      error.response?.status === 401 &&
      error.config?.headers?.has('Authorization')
    ) {
      onUnauthorized(error);
    }
    return Promise.reject(error);
  });

  const apiPost = async (url: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.post(url, body, config)).data;
  return {
    http,
    apiGet: async (url: string, params?: object, config?: AxiosRequestConfig) =>
      (await http.get(url, { ...config, params })).data,
    apiPost,
    apiPut: async (url: string, body?: unknown, config?: AxiosRequestConfig) =>
      (await http.put(url, body, config)).data,
    apiPatch: async (url: string, body?: unknown, config?: AxiosRequestConfig) =>
      (await http.patch(url, body, config)).data,
    apiDelete: async (url: string, params?: object, config?: AxiosRequestConfig) =>
      (await http.delete(url, { ...config, params })).data,
    apiPostIdempotent: (url: string, body: unknown, idempotencyKey: string, wait = pause) =>
      postUntilAnswered((config) => apiPost(url, body, config), idempotencyKey, wait),
  };
}

let onUnauthorized: () => void = () => {};

/** The session registers its logout here (kept as a callback so this module does not import the store). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The signed-in session's client (a Module Federation singleton, so host and remotes share it): its token is
 * the one the session keeps in local storage. Paths come from the route table: `apiGet(ROUTES.people.employees())`.
 */
export const hostApi = createApiClient({
  token: () => localStorage.getItem(TOKEN_STORAGE_KEY),
  onUnauthorized: () => onUnauthorized(),
});
export const api = hostApi.http;
export const { apiGet, apiPost, apiPut, apiPatch, apiDelete, apiPostIdempotent } = hostApi;

/** Points the session's client at the API server root; called by `loadConfig`/`setConfig`. */
export function configureApi(baseUrl: string): void {
  api.defaults.baseURL = baseUrl;
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
async function postUntilAnswered<T>(
  post: (config: AxiosRequestConfig) => Promise<T>,
  idempotencyKey: string,
  wait: (ms: number) => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post({ headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
    } catch (error) {
      if (attempt >= BUSY_RETRY.attempts || !isWorthRetrying(error)) throw error;
      const seconds = Number(isAxiosError(error) ? error.response?.headers?.['retry-after'] : Number.NaN);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : BUSY_RETRY.defaultWaitMs;
      await wait(Math.min(Math.max(ms, 0), BUSY_RETRY.maxWaitMs));
    }
  }
}

/** Splits a comma-separated server message into lines (docs/validation.md: commas become line breaks). */
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
      // A 503 of the API says why, in one line (a payment gateway not answering); a proxy's page is "busy".
      const text =
        status === 503 ? (message ?? BUSY_TEXT) : message ? commasToLines(message) : GENERIC_ERROR_TEXT;
      // A server failure names its request: the user can quote the code, the operator finds its log line.
      const id = status >= 500 ? headers?.['x-request-id'] : undefined;
      return typeof id === 'string' && id ? `${text}\n(kode: ${id})` : text;
    }
    if (error.code !== 'ERR_CANCELED') return NETWORK_ERROR_TEXT;
  }
  return GENERIC_ERROR_TEXT;
}

/** The HTTP status of a failed call, undefined when the server was not reached. */
export const errorStatus = (error: unknown): number | undefined =>
  isAxiosError(error) ? error.response?.status : undefined;

/** True for a request cancelled on purpose (a screen left, a newer query started): not worth a toast. */
export const isCancelledRequest = (error: unknown): boolean => axios.isCancel(error);
