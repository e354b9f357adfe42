/**
 * The embed contract of `billing/embed` (version in embed-api.json, changes in EMBED-CHANGELOG.md): the props the
 * embedding page gives, the events and errors it hears, and the bridge provider it loads. Self-contained on
 * purpose: `embed.d.ts` beside package.json is generated from this file (`pnpm --filter
 * @keuangan/remote-billing embed-types`) for other modules to type-check against.
 */

/** Why the view cannot show the student (the `onError` prop and the `error` event). */
export type BillingEmbedErrorCode =
  | 'token-invalid'
  | 'token-expired'
  | 'token-revoked'
  | 'wrong-branch'
  | 'wrong-student'
  | 'unreachable';

export interface BillingEmbedError {
  code: BillingEmbedErrorCode;
  /** What the view shows, in Indonesian. */
  message: string;
}

/** What the billing view tells the page that embeds it. */
export type BillingEmbedEvent =
  | { type: 'payment-made'; paymentId: number; billId: number; amount: number }
  | { type: 'session-invalid' }
  | ({ type: 'error' } & BillingEmbedError);

export interface BillingEmbedProps {
  /** The API server root, e.g. https://keuangan.example.sch.id (calls go to {baseUrl}/api/...). */
  baseUrl: string;
  /**
   * A Token Integrasi (`POST /api/embed-tokens`: `billing:read` or `billing:pay`, one branch, maybe one
   * student, maybe a kasir's). A finance user's session token still works, as in version 1.0.
   */
  token: string;
  /** The student whose bills are shown. */
  studentId: number;
  /** The department and year of study of the bills shown. */
  departmentId: number;
  yearOfStudyId: number;
  /**
   * Whether the bill detail offers payment (default false): with any `billing:pay` token "Bayar Online" (a VA or
   * QRIS, 2.1), and with a kasir token (minted with a cashier's name) the counter's payment form too. A
   * `billing:read` token shows the bill read-only.
   */
  allowPayment?: boolean;
  /**
   * Hears what happens in the view: 'payment-made'; 'error' (a token refused, or the server unreachable: code
   * 'unreachable', the view offers Coba lagi); 'session-invalid' only when the token itself is refused (2.0).
   */
  onEvent?: (event: BillingEmbedEvent) => void;
  /** Hears why the view cannot show the student (the message it shows, and a code). */
  onError?: (error: BillingEmbedError) => void;
  /**
   * 'browser' (default): the view's screens follow the page's address under `basename`. 'memory': they keep
   * their own, for several views on one page.
   */
  routing?: 'browser' | 'memory';
  /** Given by the bridge: the embedding page's path the view lives under. */
  basename?: string;
}

/** What `loadRemote('billing/embed')` answers as `default`: the React bridge's provider. */
export type BillingEmbedProvider = () => {
  render(info: BillingEmbedProps & { dom: HTMLElement; moduleName?: string }): Promise<void>;
  destroy(info: { dom: HTMLElement; moduleName: string }): void;
};
