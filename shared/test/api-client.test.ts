import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorText, apiGet, apiPost, apiPostIdempotent, TOKEN_STORAGE_KEY } from '../src/api-client';
import { type QueryType, ROUTES } from '../src/contract';
import { apiDownload, apiGetFile, openApiDocument } from '../src/download';
import { sessionStore } from '../src/session';
import { usePagedQuery } from '../src/ui/usePagedQuery';
import { installFakeApi } from './fake-api';

describe('apiErrorText', () => {
  it('turns the commas of a server message into lines', async () => {
    installFakeApi({
      'POST /api/employee': { status: 422, body: { message: 'Nama wajib diisi, Agama wajib diisi' } },
    });
    const error = await apiPost('/api/employee', {}).catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe('Nama wajib diisi\nAgama wajib diisi');
  });

  it('shows the server message as is when it has no comma', async () => {
    installFakeApi({ 'GET /api/employee/9': { status: 404, body: { message: 'Data tidak ditemukan' } } });
    const error = await apiGet('/api/employee/9').catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe('Data tidak ditemukan');
  });

  it('falls back to the field errors when there is no message', async () => {
    installFakeApi({
      'POST /api/employee': {
        status: 422,
        body: { errors: { name: ['Nama wajib diisi'], nip: ['NIP sudah dipakai'] } },
      },
    });
    const error = await apiPost('/api/employee', {}).catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe('Nama wajib diisi\nNIP sudah dipakai');
  });

  it('explains a network failure', async () => {
    installFakeApi({ 'GET /api/dashboard-fin-summary': 'network-error' });
    const error = await apiGet('/api/dashboard-fin-summary').catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe('Tidak dapat terhubung ke server. Periksa koneksi Anda.');
  });

  it('ends a server failure with its request code; a busy server without a message says to try again', async () => {
    installFakeApi({
      'GET /api/student-billing': {
        status: 503,
        body: { message: 'Server sedang sibuk, coba lagi' },
        headers: { 'x-request-id': '3f9a2c1b7d4e' },
      },
      'GET /api/employee': { status: 503, body: '<html>Service Unavailable</html>' },
      'POST /api/online-payments': {
        status: 503,
        body: { message: 'Layanan pembayaran online tidak menjawab. Silakan coba lagi.' },
      },
      'POST /api/employee': {
        status: 422,
        body: { message: 'Nama wajib diisi' },
        headers: { 'x-request-id': 'ab' },
      },
    });
    const busy = await apiGet('/api/student-billing').catch((e: unknown) => e);
    expect(apiErrorText(busy)).toBe('Server sedang sibuk, coba lagi\n(kode: 3f9a2c1b7d4e)');
    const proxy = await apiGet('/api/employee').catch((e: unknown) => e);
    expect(apiErrorText(proxy)).toBe('Server sedang sibuk, coba lagi');
    // A 503 that says why keeps its reason (a payment gateway that did not answer).
    const gateway = await apiPost('/api/online-payments', {}).catch((e: unknown) => e);
    expect(apiErrorText(gateway)).toBe('Layanan pembayaran online tidak menjawab. Silakan coba lagi.');
    // The user's own mistake needs no code.
    const invalid = await apiPost('/api/employee', {}).catch((e: unknown) => e);
    expect(apiErrorText(invalid)).toBe('Nama wajib diisi');
  });

  it('falls back to a generic text', () => {
    expect(apiErrorText(new Error('boom'))).toBe('Terjadi kesalahan');
    expect(apiErrorText('x')).toBe('Terjadi kesalahan');
    const htmlPage = new AxiosError(
      'bad gateway',
      'ERR_BAD_RESPONSE',
      undefined,
      {},
      {
        data: '<html>502</html>',
        status: 502,
        statusText: 'Bad Gateway',
        headers: {},
        config: {} as never,
      },
    );
    expect(apiErrorText(htmlPage)).toBe('Terjadi kesalahan');
  });
});

describe('api client', () => {
  beforeEach(() => sessionStore.getState().logout());

  it('sends the stored token as a bearer token, and a JSON content type', async () => {
    const requests = installFakeApi({ 'GET /api/auth/me': { body: {} } });
    await apiGet('/api/auth/me');
    expect(requests[0]?.headers.Authorization).toBeUndefined();

    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    await apiGet('/api/auth/me');
    expect(requests[1]?.headers.Authorization).toBe('Bearer abc');
    expect(requests[1]?.headers['Content-Type']).toBe('application/json');
  });

  it('passes query parameters and returns the body', async () => {
    const requests = installFakeApi({ 'GET /api/employee': { body: { data: [1] } } });
    await expect(apiGet('/api/employee', { q: 'siti', page: 2 })).resolves.toEqual({ data: [1] });
    expect(requests[0]?.params).toEqual({ q: 'siti', page: 2 });
  });

  it('lets the browser set the content type of an upload', async () => {
    const requests = installFakeApi({ 'POST /api/employee-photo/1': { body: {} } });
    const form = new FormData();
    form.append('pics', new Blob(['x'], { type: 'image/jpeg' }), 'foto.jpg');
    await apiPost('/api/employee-photo/1', form);
    expect(requests[0]?.body).toBeInstanceOf(FormData);
    // (the browser's XHR adapter then drops the header and writes the multipart boundary itself)
    expect(requests[0]?.headers['Content-Type']).not.toBe('application/json');
  });

  it('ends the session when the server rejects the token', async () => {
    installFakeApi({ 'GET /api/employee': { status: 401, body: { message: 'Sesi berakhir' } } });
    sessionStore.getState().setToken('expired');
    await expect(apiGet('/api/employee')).rejects.toBeInstanceOf(AxiosError);
    expect(sessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('does not touch the session on a 401 made without a token (wrong password)', async () => {
    installFakeApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Username atau password salah' } },
    });
    let loggedOut = false;
    const unsubscribe = sessionStore.subscribe(() => {
      loggedOut = true;
    });
    const error = await apiPost('/api/auth/login', {}).catch((e: unknown) => e);
    unsubscribe();
    expect(apiErrorText(error)).toBe('Username atau password salah');
    expect(loggedOut).toBe(false);
  });
});

describe('a call typed by its route (docs/architecture.md#the-route-table)', () => {
  it('sends the body and query its route declares', async () => {
    const requests = installFakeApi({
      'POST /api/cash-closing/4/reopen': { status: 200, body: { id: 4 } },
      'GET /api/bank-statement-lines': { status: 200, body: { lines: [] } },
    });
    await apiPost(ROUTES.cash.reopen({ id: 4 }), { reason: 'Salah hitung' });
    await apiGet(ROUTES.bank.lines(), { bank_account_id: 2, mm: '2026-01' });
    expect(requests.map((r) => [r.body ?? null, r.params])).toEqual([
      [{ reason: 'Salah hitung' }, {}],
      [null, { bank_account_id: 2, mm: '2026-01' }],
    ]);
  });

  it('refuses at compile time a field its route does not take (tsc checks the lines below)', () => {
    const wrongCalls = () => [
      // @ts-expect-error: the reopen body has no `because`
      apiPost(ROUTES.cash.reopen({ id: 4 }), { reason: 'x', because: 'y' }),
      // @ts-expect-error: the reopen body needs its reason
      apiPost(ROUTES.cash.reopen({ id: 4 }), {}),
      // @ts-expect-error: the lines' query has no `account`
      apiGet(ROUTES.bank.lines(), { account: 2 }),
      apiPostIdempotent(
        ROUTES.billing.payMany(),
        // @ts-expect-error: a payment's ptype is a counter type
        { ptype: 9, student_billing_ids: [], student_billing_items: [] },
        'k',
      ),
      // @ts-expect-error: the students' list has no `klass`
      usePagedQuery(ROUTES.people.students(), { klass: 3 }),
      // @ts-expect-error: the audit log's spreadsheet has no `from` (its field is `date_from`)
      apiDownload(ROUTES.admin.auditLogXlsx(), { from: '2026-01-01' }, 'log.xlsx'),
      // @ts-expect-error: the letters' PDF has no `student` (its field is `student_id`)
      apiGetFile(ROUTES.reminders.lettersPdf(), { student: 1 }),
      // @ts-expect-error: nor when opened in a tab
      openApiDocument(ROUTES.reminders.lettersPdf(), { student: 1 }),
    ];
    // A screen's wrapper declares its query by the route (`QueryType`): the names stay checked through it.
    const wrongFilter: QueryType<typeof ROUTES.people.students> = {
      // @ts-expect-error: the students' list has no `klass`
      klass: 3,
    };
    expect(typeof wrongCalls).toBe('function');
    expect(wrongFilter).toBeDefined();
  });
});

describe('apiPostIdempotent', () => {
  const busy = {
    status: 503,
    body: { message: 'Server sedang sibuk, coba lagi' },
    headers: { 'retry-after': '5' },
  };

  it('tries a payment again with the same key while the server is busy, waiting its Retry-After', async () => {
    const answers = [busy, 'network-error' as const, { status: 201, body: { id: 7 } }];
    const requests = installFakeApi({ 'POST /api/student-billing-pay/3': () => answers.shift() ?? busy });
    const waits: number[] = [];
    const payment = await apiPostIdempotent<{ id: number }>(
      '/api/student-billing-pay/3',
      { a: 1 },
      'key-1',
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(payment).toEqual({ id: 7 });
    expect(requests.map((r) => r.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-1']);
    expect(requests.every((r) => JSON.stringify(r.body) === '{"a":1}')).toBe(true);
    // Retry-After 5 s; no answer at all: the default 2 s.
    expect(waits).toEqual([5000, 2000]);
  });

  it('gives up after three tries, and never repeats a refusal', async () => {
    const requests = installFakeApi({
      'POST /api/student-billing-pay/3': busy,
      'POST /api/student-billing-pay/4': { status: 409, body: { message: 'Billing sudah lunas' } },
    });
    const noWait = async () => {};
    const stillBusy = await apiPostIdempotent('/api/student-billing-pay/3', {}, 'k', noWait).catch(
      (e: unknown) => e,
    );
    expect(apiErrorText(stillBusy)).toBe('Server sedang sibuk, coba lagi');
    expect(requests).toHaveLength(3);
    const refused = await apiPostIdempotent('/api/student-billing-pay/4', {}, 'k2', noWait).catch(
      (e: unknown) => e,
    );
    expect(apiErrorText(refused)).toBe('Billing sudah lunas');
    expect(requests).toHaveLength(4);
  });
});
