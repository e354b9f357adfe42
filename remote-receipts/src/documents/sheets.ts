import {
  changeGiven,
  formatMonth,
  formatRupiah,
  type ProspectiveBillingPaymentReceipt,
  PTYPE_QRIS,
  PTYPE_VIRTUAL_ACCOUNT,
  receiptLineChecked,
  receiptLineName,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared';

export interface SheetLine {
  id: number;
  name: string;
  amount: number;
  checked: boolean;
}

/** Everything one printed sheet shows, whichever the document. */
export interface SheetModel {
  /** The browser's title while shown (docs/screens.md#receipts-and-notes). */
  printTitle: string;
  heading: string;
  branch: { name: string; address: string; phone: string; website: string; city: string };
  number: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** Who and what: NIS, Nama, Kelas, ... in print order. */
  identity: [label: string, value: string][];
  lines: SheetLine[];
  total: number;
  paid: number;
  change: number;
  remaining: number;
  cashier: string;
  /** As saved, or the default (the student's or prospect's name; the branch's city). */
  payerName: string;
  payerCity: string;
  isVoid: boolean;
  voidReason: string | null;
}

const branchOf = (branch: StudentBillingPaymentReceipt['branch']) => ({
  name: branch.name,
  address: branch.address ?? '',
  phone: branch.phone ?? '',
  website: branch.website ?? '',
  city: branch.city ?? '',
});

/** Kuitansi Siswa and Nota Siswa 1/2 (type 2 adds year, period, month and department). */
export function studentSheet(
  payment: StudentBillingPaymentReceipt,
  document: 'receipt' | { noteType: 1 | 2 },
): SheetModel {
  const isNote = document !== 'receipt';
  const identity: SheetModel['identity'] = [
    ['NIS', payment.student.nis],
    ['Nama', payment.student.name],
    ['Kelas', payment.class.name],
  ];
  // Money through a gateway: the provider's reference prints with it (docs/online-payments.md#posting).
  if (isOnlinePayment(payment.ptype) && payment.note) identity.push(['Ref. Pembayaran Online', payment.note]);
  // Saldo Titipan the payment spent, or the excess it brought (docs/money.md "Saldo Titipan").
  if (payment.credit < 0) identity.push(['Dibayar dari Saldo Titipan', formatRupiah(-payment.credit)]);
  if (payment.credit > 0) identity.push(['Kelebihan masuk Saldo Titipan', formatRupiah(payment.credit)]);
  if (isNote && document.noteType === 2) {
    identity.push(
      ['Tahun Ajaran', payment.year_of_study.name],
      ['Periode', payment.yos_periode.periode.name],
      ['Bulan', billMonths(payment)],
      ['Departemen', payment.department.name],
    );
  }
  const branch = branchOf(payment.branch);
  return {
    printTitle: isNote ? 'Nota Pembayaran Billing Siswa' : 'Kuitansi Pembayaran Billing Siswa',
    heading: isNote ? 'NOTA PEMBAYARAN' : 'KUITANSI',
    branch,
    number: payment.payment_number,
    date: payment.payment_date,
    identity,
    lines: payment.student_billing_item_payments.map((line) => ({
      id: line.id,
      // A payment of several bills: each line says its month ('SPP (Oktober 2026)'); a split item the
      // instalments it paid ('Uang Pangkal (cicilan 1-2 dari 3)').
      name: receiptLineName(payment, line, severalBills(payment) ? formatMonth(line.bill.mm) : null),
      amount: line.amount,
      checked: receiptLineChecked(line.amount, line.student_billing_item.total_billing),
    })),
    ...money(payment),
    cashier: payment.cashier_name ?? payment.created_by?.name ?? '-',
    payerName: payment.payer_name ?? payment.student.name,
    payerCity: payment.payer_city ?? branch.city,
    isVoid: payment.is_void,
    voidReason: payment.void_reason,
  };
}

const isOnlinePayment = (ptype: number) => ptype === PTYPE_VIRTUAL_ACCOUNT || ptype === PTYPE_QRIS;

/** Every month the payment pays on, oldest first: 'Oktober 2026, November 2026' for a payment of two bills. */
function billMonths(payment: StudentBillingPaymentReceipt): string {
  const months = new Set([
    payment.student_billing.mm,
    ...payment.student_billing_item_payments.map((l) => l.bill.mm),
  ]);
  return [...months]
    .sort()
    .map((mm) => formatMonth(mm))
    .join(', ');
}

/** The payment pays on more than one bill (api/ROUTES.md "Several bills, one payment"). */
const severalBills = (payment: StudentBillingPaymentReceipt) =>
  new Set(payment.student_billing_item_payments.map((line) => line.bill.id)).size > 1;

/** Kuitansi Calon Siswa. */
export function prospectSheet(payment: ProspectiveBillingPaymentReceipt): SheetModel {
  const branch = branchOf(payment.branch);
  return {
    printTitle: 'Kuitansi Pembayaran Billing Calon Siswa',
    heading: 'KUITANSI',
    branch,
    number: payment.payment_number,
    date: payment.payment_date,
    identity: [
      ['No. Pendaftaran', payment.psb_event_prospective.reg_number],
      ['Nama', payment.psb_event_prospective.name],
      ['Kegiatan', payment.psb_event.name],
      ['Departemen', payment.department.name],
    ],
    lines: payment.prospective_billing_item_payments.map((line) => ({
      id: line.id,
      name: line.psb_event_fee.name,
      amount: line.amount,
      checked: receiptLineChecked(line.amount, line.prospective_billing_item.total_billing),
    })),
    ...money(payment),
    cashier: payment.cashier_name ?? payment.created_by?.name ?? '-',
    payerName: payment.payer_name ?? payment.psb_event_prospective.name,
    payerCity: payment.payer_city ?? branch.city,
    isVoid: payment.is_void,
    voidReason: payment.void_reason,
  };
}

/** Total, Bayar, Kembali and Sisa Tagihan as stored with the payment: a reprint shows the same figures. */
function money(payment: { amount: number; total_amount_payment_paid: number; total_billing_after: number }) {
  return {
    total: payment.amount,
    paid: payment.total_amount_payment_paid,
    change: changeGiven(payment.amount, payment.total_amount_payment_paid),
    remaining: payment.total_billing_after,
  };
}

/**
 * How many item lines a 215 x 95 mm sheet holds (10 pt monospace, 13 pt lines, 87 mm inside the margins, the
 * header taking four): beside the totals, the amount in words and the signatures, four; on a sheet that carries
 * over to the next, ten (its last line says so).
 */
export const LINES_ON_LAST_SHEET = 4;
export const LINES_ON_CONTINUED_SHEET = 10;

/**
 * The lines of a document split into sheets, in order, each line once: as few sheets as hold them, the earlier
 * ones full, the last one with at most `LINES_ON_LAST_SHEET` lines (possibly none) beside the totals and the
 * signatures.
 */
export function sheetPages<T>(lines: readonly T[]): T[][] {
  if (lines.length <= LINES_ON_LAST_SHEET) return [[...lines]];
  const sheets = 1 + Math.ceil((lines.length - LINES_ON_LAST_SHEET) / LINES_ON_CONTINUED_SHEET);
  const pages: T[][] = [];
  for (let i = 0; i < sheets - 1; i++) {
    pages.push(lines.slice(i * LINES_ON_CONTINUED_SHEET, (i + 1) * LINES_ON_CONTINUED_SHEET));
  }
  pages.push(lines.slice((sheets - 1) * LINES_ON_CONTINUED_SHEET));
  return pages;
}
