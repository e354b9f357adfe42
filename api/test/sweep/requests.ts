/**
 * The sweeps' requests: a sample is a VALID request of a route, refused for the wrong caller or branch and checked
 * last to succeed for its own, so it cannot rot. A new write route is swept deeper once it has a sample here.
 */
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { RouteEntry } from '../../src/openapi/describe';
import type { Fixture } from './world';

export interface SweepRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart body instead of JSON. */
  multipart?: { payload: Buffer; contentType: string };
}

type Sample = (f: Fixture) => SweepRequest | Promise<SweepRequest>;

const staffEdit = (f: Fixture) => ({
  name: 'Sapu Bersih',
  gender_id: 1,
  religion_id: f.religionId,
  ethnic_id: f.ethnicId,
  marital_status_id: 2,
  branch_ids: [f.branchId],
  fe: 'fin',
});

const component = (f: Fixture) => ({
  ...f.placement,
  fee_type_id: f.feeTypeId,
  ftype: 1,
  name: 'Sapu Bersih',
  price: 1000,
  description: '',
});

async function photoUpload(): Promise<SweepRequest['multipart']> {
  const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#555' } })
    .jpeg()
    .toBuffer();
  const boundary = '----keuangan-sweep';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="pics"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A whole department and year of study: what the reports are asked for. */
const reportFilter = (f: Fixture) => ({
  department_id: f.placement.department_id,
  year_of_study_id: f.placement.year_of_study_id,
});

export const SAMPLES: Record<string, Sample> = {
  'GET /api/auth/set-active-branch/:branchId': (f) => ({ params: { branchId: f.branchId } }),
  'POST /api/profile/update-password': () => ({
    body: {
      old_password: 'Bukan#Ini2026',
      new_password: 'Baru#20260',
      new_password_confirmation: 'Baru#20260',
    },
  }),
  'GET /api/employee': () => ({ query: { limit: 100 } }),
  'GET /api/employee/:id': (f) => ({ params: { id: f.employeeId } }),
  'POST /api/employee': (f) => ({ body: { ...staffEdit(f), name: 'Sapu Baru' } }),
  'PUT /api/employee/:id': (f) => ({ params: { id: f.employeeId }, body: staffEdit(f) }),
  'POST /api/employee-photo/:id': async (f) => ({
    params: { id: f.employeeId },
    multipart: await photoUpload(),
  }),
  'GET /api/student-fee-component': (f) => ({ query: f.placement }),
  'GET /api/student-fee-component-all': (f) => ({ query: f.placement }),
  'GET /api/student-fee-component/:id': (f) => ({ params: { id: f.feeComponentId } }),
  'POST /api/student-fee-component': (f) => ({ body: { ...component(f), fee_type_id: f.freeFeeTypeId } }),
  'PUT /api/student-fee-component/:id': (f) => ({ params: { id: f.feeComponentId }, body: component(f) }),
  'POST /api/student-fee-component-xupdate/:id': (f) => ({
    params: { id: f.feeComponentId },
    body: { field: 'name', value: 'Sapu Bersih' },
  }),
  'POST /api/student-fee-component-batch': (f) => ({ body: f.placement }),
  'POST /api/student-fee-component-copy-prev-month': (f) => ({ body: f.placement }),
  'GET /api/prospective-billing': () => ({ query: { stype: 1, payment_status: 0, limit: 100 } }),
  'GET /api/prospective-billing/:id': (f) => ({ params: { id: f.prospectBillId } }),
  'GET /api/ref-prospective-billing-payment/:id': (f) => ({ params: { id: f.prospectPaymentId } }),
  'POST /api/prospective-billing-payment-xupdate/:id': (f) => ({
    params: { id: f.prospectPaymentId },
    body: { payer_city: 'Bandung Barat' },
  }),
  'POST /api/prospective-billing-payment-print/:id': (f) => ({ params: { id: f.prospectPaymentId } }),
  'POST /api/prospective-billing-pay/:id': (f) => ({
    params: { id: f.prospectBillId },
    body: { prospective_billing_items: [{ id: f.prospectItemId, payment_amount: 1 }], ptype: 1 },
  }),
  'GET /api/report-student-billing': (f) => ({ query: reportFilter(f) }),
  'GET /api/report-student-billing-students': (f) => ({ query: { ...reportFilter(f), limit: 100 } }),
  'GET /api/report-student-billing-xlsx': (f) => ({ query: reportFilter(f) }),
  'GET /api/student-statement': (f) => ({ query: { student_id: f.studentId, date_from: '2000-01-01' } }),
  'GET /api/student-statement-pdf': (f) => ({ query: { student_id: f.studentId } }),
  'GET /api/bill-reminders': (f) => ({
    query: { department_id: f.placement.department_id, hide_days: 7, amount_min: 1, limit: 100 },
  }),
  'GET /api/bill-reminder-letters-pdf': (f) => ({ query: { student_id: f.overdueStudentId } }),
  'POST /api/bill-reminders': (f) => ({ body: { channel: 'whatsapp', student_ids: [f.overdueStudentId] } }),
  'GET /api/report-prospective-billing': () => ({ query: { stype: 1 } }),
  'GET /api/report-prospective-billing-unpaid': () => ({ query: { stype: 1, limit: 100 } }),
  'GET /api/report-prospective-billing-xlsx': () => ({ query: { stype: 1 } }),
  // Deletes last in the validity check (see `sampleOrder`).
  'DELETE /api/student-fee-component-batch': (f) => ({ body: { item_ids: [f.feeComponentId] } }),
  'DELETE /api/student-fee-component/:id': (f) => ({ params: { id: f.spareFeeComponentId } }),
  'DELETE /api/employee/:id': (f) => ({ params: { id: f.employeeId } }),
};

/**
 * Routes the sweeps leave out, and why. Anything else the app serves is swept, including routes added later.
 */
export const AUTHORIZATION_EXCEPTIONS: Record<string, string> = {
  'GET /api/health': 'public by design: answers {status: ok}, no data',
  'GET /api/ready': 'public by design: a load balancer asks it; answers the checks, no data',
  'POST /api/auth/login': 'public by design: the sign-in itself (its limits have their own tests)',
  'POST /api/auth/handoff/exchange': 'public by design: a one-use code is the credential (own tests)',
  'GET /api/document-links/:code': 'public by design: a one-use code is the credential (test/embed.test.ts)',
  'POST /api/payment-gateway/midtrans/notification':
    "public by design: the gateway's signature is the credential (test/online-payments.test.ts)",
  'POST /api/payment-gateway/xendit/callback':
    "public by design: the gateway's callback token is the credential (test/online-payments.test.ts)",
  'POST /api/payment-gateway/xendit/fixed-va':
    "public by design: the gateway's callback token is the credential (test/online-payments-fixed-va.test.ts)",
  ...Object.fromEntries(
    ['', '/json', '/yaml', '/static/*', '/static/index.html', '/static/swagger-initializer.js'].map(
      (path) => [
        `GET /api/docs${path}`,
        'public by design: the API description and its reader, no data (test/openapi.test.ts)',
      ],
    ),
  ),
};
/**
 * Routes that act on the caller's own session and nothing else: another client's or another branch's caller
 * using them is simply using them (signing itself out), so they are swept with the token cases only.
 */
export const OWN_SESSION_ROUTES: Record<string, string> = {
  'POST /api/auth/logout': 'ends the caller’s own sessions',
  'POST /api/auth/handoff': 'issues a hand-off code for the caller’s own session',
};
export const MALFORMED_EXCEPTIONS: Record<string, string> = {
  'POST /api/auth/logout':
    'takes no input: any request ends the caller’s sessions by design (the sweep would sign itself out)',
  'POST /api/auth/handoff': 'takes no input: any request issues a one-use code by design',
};
/** Files outside /api: served to anyone by unguessable names (no session, by design: <img> cannot send one). */
export const isFileRoute = (route: RouteEntry) => route.access === 'file';

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);

/**
 * The requests of a route for one fixture: its sample, or the generic ones (each of `pathIds` in the path; by
 * default every fixture id).
 */
export async function requestsFor(route: RouteEntry, f: Fixture, pathIds = f.ids): Promise<SweepRequest[]> {
  const sample = SAMPLES[routeKey(route)];
  if (sample) return [await sample(f)];
  const query = { ...f.placement, student_id: f.studentId, branch_id: f.branchId };
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const names = paramNames(route.url);
  if (names.length === 0) return [{ query, body }];
  return pathIds.map((id) => ({ params: Object.fromEntries(names.map((n) => [n, id])), query, body }));
}

/** Fills a path pattern and appends the query. Values are URL-encoded. */
export function urlOf(pattern: string, params: Record<string, string | number> = {}, query?: object): string {
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const search = query
    ? new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
    : '';
  return search ? `${path}?${search}` : path;
}

export function injectOptions(route: RouteEntry, request: SweepRequest, token?: string): InjectOptions {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = urlOf(route.url, request.params, request.query);
  const method = route.method as InjectOptions['method'];
  if (request.multipart) {
    return {
      method,
      url,
      headers: { ...headers, 'content-type': request.multipart.contentType },
      payload: request.multipart.payload,
    };
  }
  return request.body === undefined
    ? { method, url, headers }
    : { method, url, headers, payload: request.body as object };
}
