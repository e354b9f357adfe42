/**
 * Online payments (docs/online-payments.md): a charge at a payment gateway (a VA number or a QRIS string) for a
 * bill's unpaid items, its notifications, and the payment types it posts with.
 */
import * as v from 'valibot';
import { requiredId } from './billing/validators';
import { listQueryEntries, optionalQueryId } from './query';

export const ONLINE_PROVIDERS = ['midtrans', 'xendit'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];

/** The channels a charge may use: bank VAs, Mandiri bill payment, QRIS. */
export const ONLINE_CHANNELS = ['bca_va', 'bni_va', 'bri_va', 'permata_va', 'mandiri_bill', 'qris'] as const;
export type OnlineChannel = (typeof ONLINE_CHANNELS)[number];

/** Payment types (ptype) of money that came through a gateway (PAYMENT_TYPES 7 and 8; never at the counter). */
export const PTYPE_VIRTUAL_ACCOUNT = 7;
export const PTYPE_QRIS = 8;
/** Money of these types came through a gateway: never a cashier's (docs/money.md "Cash closing"). */
export const ONLINE_PTYPES: readonly number[] = [PTYPE_VIRTUAL_ACCOUNT, PTYPE_QRIS];
export const isOnlinePtype = (ptype: number) => ONLINE_PTYPES.includes(ptype);
export const ptypeOfChannel = (channel: OnlineChannel) =>
  channel === 'qris' ? PTYPE_QRIS : PTYPE_VIRTUAL_ACCOUNT;

/** The cashier a posted online payment shows. */
export const ONLINE_CASHIER_NAME = 'Pembayaran Online';

export const ONLINE_PAYMENT_MESSAGES = {
  notConfigured: 'Pembayaran online belum dikonfigurasi',
  channelInvalid: 'Kanal pembayaran tidak valid',
  itemsInvalid: 'Komponen tidak valid',
  nothingDue: 'Tidak ada komponen yang belum dibayar pada tagihan ini',
  /** Several bills in one charge: one student's, of one department and year (one payment posts them). */
  billsOfOneStudent: 'Billing harus milik satu siswa pada departemen dan tahun ajaran yang sama',
  itemNotDue: 'Komponen sudah lunas atau tidak terdapat pada tagihan ini',
  gatewayTimeout: 'Layanan pembayaran online tidak menjawab. Silakan coba lagi.',
  gatewayDown: 'Layanan pembayaran online sedang bermasalah. Silakan coba lagi.',
  gatewayRefused: 'Layanan pembayaran online menolak permintaan',
  badSignature: 'Tanda tangan notifikasi tidak valid',
  received: 'Notifikasi diterima',
  simulatorOff: 'Simulator pembayaran tidak aktif',
  notPending: 'Tagihan online ini tidak lagi menunggu pembayaran',
  simulated: 'Pembayaran disimulasikan',
} as const;

/** `POST /api/online-payments`: items default to every unpaid item of the bill(s). At most this many bills. */
export const ONLINE_CHARGE_MAX_BILLS = 24;
const billId = requiredId('Billing tidak valid');

const ChargeFields = v.object({
  student_billing_id: v.optional(billId),
  // Several bills of one student in one charge (Tagih Online on Tagihan Siswa): docs/online-payments.md.
  student_billing_ids: v.optional(
    v.pipe(
      v.array(billId, 'Billing tidak valid'),
      v.minLength(1, 'Billing tidak valid'),
      v.maxLength(ONLINE_CHARGE_MAX_BILLS, `Maksimal ${ONLINE_CHARGE_MAX_BILLS} billing sekaligus`),
      v.check((ids) => new Set(ids).size === ids.length, 'Billing tidak valid'),
    ),
  ),
  items: v.optional(
    v.pipe(
      v.array(requiredId(ONLINE_PAYMENT_MESSAGES.itemsInvalid), ONLINE_PAYMENT_MESSAGES.itemsInvalid),
      v.minLength(1, ONLINE_PAYMENT_MESSAGES.itemsInvalid),
      v.maxLength(200, 'Maksimal 200 komponen sekaligus'),
      v.check((ids) => new Set(ids).size === ids.length, ONLINE_PAYMENT_MESSAGES.itemsInvalid),
    ),
  ),
  channel: v.picklist(ONLINE_CHANNELS, ONLINE_PAYMENT_MESSAGES.channelInvalid),
});

/** `POST /api/online-payments`: one bill (`student_billing_id`) or several (`student_billing_ids`), not both. */
export const OnlineChargeCreateSchema = v.pipe(
  ChargeFields,
  v.forward(
    v.check(
      (input) => (input.student_billing_id === undefined) !== (input.student_billing_ids === undefined),
      'Billing tidak valid',
    ),
    ['student_billing_id'],
  ),
);
export type OnlineChargeCreate = v.InferOutput<typeof OnlineChargeCreateSchema>;

/** The staff dialog's form (Tagih Online): the channel; the bill is the page's. */
export const OnlineChannelChoiceSchema = v.pick(ChargeFields, ['channel']);

/** `GET /api/online-payments/channels`: whether the branch can charge online, through whom, by which channels. */
export interface OnlineGatewayInfo {
  configured: boolean;
  provider: OnlineProvider | null;
  channels: OnlineChannel[];
  /** The demo's simulator is the gateway: a pending charge can be paid from the screen. */
  simulator: boolean;
  /** Students can have a fixed VA (Xendit is configured): docs/online-payments.md "Fixed VA". */
  fixed_va?: boolean;
}

/** pending -> settlement -> posted | credited; or expired, cancelled, denied (docs/online-payments.md). */
export type OnlineChargeStatus =
  | 'pending'
  | 'settlement'
  | 'posted'
  | 'credited'
  | 'expired'
  | 'cancelled'
  | 'denied';

/** One charge as the API answers it. */
export interface OnlineCharge {
  id: number;
  order_id: string;
  student_billing_id: number;
  student_id: number;
  provider: OnlineProvider;
  channel: OnlineChannel;
  amount: number;
  /** The items charged and what each owed; `bill_id` on a charge of several bills. */
  items: { id: number; amount: number; bill_id?: number }[];
  /** The bills the charge covers (one, or several of the student), the first being `student_billing_id`. */
  student_billing_ids: number[];
  va_number: string | null;
  bill_key: string | null;
  qr_string: string | null;
  expires_at: string;
  status: OnlineChargeStatus;
  provider_charge_id: string | null;
  provider_transaction_id: string | null;
  paid_amount: number | null;
  student_billing_payment_id: number | null;
  /** The gateway's fee booked with its money (Beban Administrasi Bank); null until booked, 0: none. */
  fee_amount: number | null;
  flagged: boolean;
  flag_reason: string | null;
  created_at: string;
}

/** A notification as the charge's timeline shows it. */
export interface GatewayNotificationEntry {
  id: number;
  received_at: string;
  signature_ok: boolean;
  outcome: string;
  outcome_detail: string | null;
}

/** `GET /api/online-payments/:id`: the charge and its notifications, oldest first. */
export interface OnlineChargeDetail extends OnlineCharge {
  notifications: GatewayNotificationEntry[];
}

/** How the screens name a charge's status. */
export const ONLINE_CHARGE_STATUS_LABELS: Record<OnlineChargeStatus, string> = {
  pending: 'Menunggu Pembayaran',
  settlement: 'Diterima, belum dibukukan',
  posted: 'Dibukukan',
  credited: 'Saldo Titipan',
  expired: 'Kedaluwarsa',
  cancelled: 'Dibatalkan',
  denied: 'Ditolak',
};

/** The bank of a channel, as the dialog names it (none for QRIS). */
export const ONLINE_CHANNEL_BANKS: Record<OnlineChannel, string | null> = {
  bca_va: 'BCA',
  bni_va: 'BNI',
  bri_va: 'BRI',
  permata_va: 'Permata',
  mandiri_bill: 'Mandiri',
  qris: null,
};

/** How the screens name a channel. */
export const ONLINE_CHANNEL_LABELS: Record<OnlineChannel, string> = {
  bca_va: 'VA BCA',
  bni_va: 'VA BNI',
  bri_va: 'VA BRI',
  permata_va: 'VA Permata',
  mandiri_bill: 'Mandiri Bill Payment',
  qris: 'QRIS',
};

/** `GET /api/online-payments`: the branch's charges, paged, newest first. */
export const OnlineChargeListQuerySchema = v.object({
  ...listQueryEntries(['created_at'] as const),
  // A bill's charges: its detail shows the open one again instead of making a second.
  student_billing_id: optionalQueryId('Billing'),
  status: v.optional(
    v.picklist(
      ['pending', 'settlement', 'posted', 'credited', 'expired', 'cancelled', 'denied'] as const,
      'Status tidak valid',
    ),
  ),
  channel: v.optional(v.picklist(ONLINE_CHANNELS, ONLINE_PAYMENT_MESSAGES.channelInvalid)),
  // `1`: only the charges flagged for a look (an amount that differed, money after an expiry).
  flagged: v.optional(v.picklist(['1'] as const, 'Filter perlu diperiksa tidak valid')),
});
