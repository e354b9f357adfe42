/** The paged list response used throughout (docs/data.md). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  /** 1-based index of the first row on this page (null when empty): the running number continues from it. */
  from: number | null;
  total: number;
}

/** Every API error body: a readable Indonesian message; `errors` names the fields at fault, when any. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** A row of a reference list (`ref-*-getall`). */
export interface RefItem {
  id: number;
  name: string;
}

/** `GET /api/dashboard-fin-summary`: whole rupiah. */
export interface DashboardSummary {
  active_student_total: number;
  total_amount_this_month: number;
  total_payment_this_month: number;
  /** The part of `total_payment_this_month` that came through a payment gateway (Virtual Account, QRIS). */
  online_payment_this_month: number;
  total_billing_this_month: number;
}

/** Payment type codes (ptype), docs/money.md#constants-and-limits. */
export const PAYMENT_TYPES = [
  { value: 1, label: 'Cash' },
  { value: 2, label: 'ATM/Debit' },
  { value: 3, label: 'Pengurangan Hutang' },
  { value: 4, label: 'Transfer' },
  { value: 5, label: 'Cek/Giro' },
  { value: 6, label: 'Credit Card' },
  // Only through a payment gateway (docs/online-payments.md): the counter's form does not offer them.
  { value: 7, label: 'Virtual Account' },
  { value: 8, label: 'QRIS' },
  // The student's own credit spent on bills (docs/money.md "Saldo Titipan"): only "Gunakan Saldo Titipan" posts it.
  { value: 9, label: 'Saldo Titipan' },
] as const;

/** The codes a cashier may choose at the counter (the gateway's are posted by the server): the pay routes' `ptype`. */
export const COUNTER_PTYPES = [1, 2, 3, 4, 5, 6] as const;
type CounterPaymentType = Extract<(typeof PAYMENT_TYPES)[number], { value: (typeof COUNTER_PTYPES)[number] }>;

/** Those payment types with their labels, as the counter's form offers them. */
export const COUNTER_PAYMENT_TYPES = PAYMENT_TYPES.filter((t): t is CounterPaymentType =>
  COUNTER_PTYPES.some((ptype) => ptype === t.value),
);

/** A response that only confirms an action, e.g. `profile/update-password`. */
export interface MessageResponse {
  message: string;
}

/** `GET /api/health`: the process is alive. */
export interface HealthResponse {
  status: 'ok';
}

/** What `GET /api/ready` checked: the database answered in time, has this build's migrations, has a free connection. */
export interface ReadinessChecks {
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'behind' | 'unknown';
  pool: 'ok' | 'exhausted';
}

/** `GET /api/ready`: 200 when ready, else 503 with Retry-After and a message. */
export type ReadyResponse =
  | { status: 'ready'; checks: ReadinessChecks }
  | { status: 'not-ready'; message: string; checks: ReadinessChecks };

/**
 * Request header making a pay request idempotent: a retry (double click, network retry) with the same key
 * returns the payment already recorded instead of charging again. Send a fresh key per intended payment.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Files under `{baseUrl}/uploads/...` that always exist: shown when a user or employee has no picture. */
export const DEFAULT_AVATAR_PATH = '/uploads/users/avatar.png';
export const DEFAULT_EMPLOYEE_PHOTO_PATH = '/uploads/employees/default.png';

/** An id and its name (a department, a class, who did something). */
export interface Named {
  id: number;
  name: string;
}
