/**
 * Student billing's codes and limits (docs/data.md, docs/money.md#constants-and-limits): bill types, the
 * confirmation and payment statuses, the list filter's 'Semua', page sizes and default reasons.
 */
/** Bill type: 1 main (Utama, one per student and month, made by charging), 2 extra (Billing Tambahan). */
export const BILL_TYPE_MAIN = 1;
export const BILL_TYPE_EXTRA = 2;
/** form_status: 0 Belum Konfirmasi (items editable, no payments), 1 Terkonfirmasi (payable, items frozen). */
export const FORM_STATUS_UNCONFIRMED = 0;
export const FORM_STATUS_CONFIRMED = 1;
/** payment_status: 1 Lunas (nothing left to pay), 0 Belum Lunas. */
export const PAYMENT_STATUS_PAID = 1;
export const PAYMENT_STATUS_UNPAID = 0;

/** A list filter's 'Semua' value (the shared cascade filter's `ALL`); absent or '' means the same. */
export const FILTER_ALL = 'all';

/** Page sizes of docs/money.md#constants-and-limits: the billing list 50, the payment history 5. */
export const BILLING_PAGE_SIZE = 50;
export const PAYMENT_HISTORY_PAGE_SIZE = 5;

/** Quantity of one bill item: at least 1 (an added item starts at 1), at most this. */
export const MAX_QTY = 1000;

/** Why a bill's payments were voided when its confirmation was withdrawn, unless the caller says more. */
export const DEFAULT_VOID_REASON = 'Konfirmasi billing dibatalkan';
/** Why an item a voided payment names was removed from its bill, unless the caller says more. */
export const DEFAULT_ITEM_REMOVAL_REASON = 'Komponen dihapus dari billing';
