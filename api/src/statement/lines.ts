/**
 * The statement's lines from the rows queries.ts reads (docs/money.md#the-students-statement): one line per bill
 * (no amount), per item (its Total Biaya), per discount and ditanggung (taken off), per payment (taken off) and
 * per void (given back), in date order with the balance after each. Everything dated before the period is the
 * opening balance; what is dated after it is left out.
 */
import type { StatementLine, StudentStatement } from '@keuangan/shared/contract';
import { monthName } from '../lib/month';
import type { StatementBillRow, StatementItemRow, StatementPaymentRow } from './queries';

/** A line before its balance, with what orders it on its day. */
interface Entry extends Omit<StatementLine, 'balance'> {
  /** On one day: the bills and their items first, then the payments, then the voids; each in id order. */
  order: number[];
}

const CHARGES = 0;
const PAYMENTS = 1;
const VOIDS = 2;

function billEntries(bill: StatementBillRow, items: StatementItemRow[]): Entry[] {
  const kind = bill.type === 1 ? 'Utama' : 'Extra';
  const draft = bill.form_status === 1 ? '' : ', belum dikonfirmasi';
  const at = (...rest: number[]) => [CHARGES, bill.id, ...rest];
  const entries: Entry[] = [
    {
      kind: 'bill',
      date: bill.bill_date,
      description: `Tagihan ${monthName(bill.mm)} (${kind}${draft})`,
      reference: bill.bill_number,
      debit: 0,
      credit: 0,
      order: at(0),
    },
  ];
  for (const item of items) {
    const line = { date: bill.bill_date, reference: bill.bill_number };
    entries.push({
      ...line,
      kind: 'item',
      description: item.name,
      debit: item.total_amount,
      credit: 0,
      order: at(item.id, 0),
    });
    if (item.total_discount > 0) {
      entries.push({
        ...line,
        kind: 'discount',
        // A rule's discount says which rule: 'Diskon SPP (SPP) — Beasiswa Prestasi'.
        description: item.rule_name ? `Diskon ${item.name} — ${item.rule_name}` : `Diskon ${item.name}`,
        debit: 0,
        credit: item.total_discount,
        order: at(item.id, 1),
      });
    }
    if (item.total_bail > 0) {
      entries.push({
        ...line,
        kind: 'bail',
        description: `Ditanggung ${item.name}`,
        debit: 0,
        credit: item.total_bail,
        order: at(item.id, 2),
      });
    }
  }
  return entries;
}

function paymentEntries(payment: StatementPaymentRow, to: string): Entry[] {
  const entries: Entry[] = [
    {
      kind: 'payment',
      date: payment.payment_date,
      description: 'Pembayaran',
      reference: payment.payment_number,
      debit: 0,
      credit: payment.amount,
      order: [PAYMENTS, payment.id],
    },
  ];
  if (payment.voided_on && payment.voided_on <= to) {
    entries.push({
      kind: 'void',
      date: payment.voided_on,
      description: payment.void_reason
        ? `Pembatalan pembayaran: ${payment.void_reason}`
        : 'Pembatalan pembayaran',
      reference: payment.payment_number,
      debit: payment.amount,
      credit: 0,
      order: [VOIDS, payment.id],
    });
  }
  return entries;
}

function compare(a: Entry, b: Entry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  for (let i = 0; i < Math.max(a.order.length, b.order.length); i += 1) {
    const difference = (a.order[i] ?? -1) - (b.order[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function buildStatement(
  student: StudentStatement['student'],
  period: StudentStatement['period'],
  rows: { bills: StatementBillRow[]; items: StatementItemRow[]; payments: StatementPaymentRow[] },
  credit = 0,
): StudentStatement {
  const itemsOf = new Map<number, StatementItemRow[]>();
  for (const item of rows.items) itemsOf.set(item.bill_id, [...(itemsOf.get(item.bill_id) ?? []), item]);
  const entries = [
    ...rows.bills.flatMap((bill) => billEntries(bill, itemsOf.get(bill.id) ?? [])),
    ...rows.payments.flatMap((payment) => paymentEntries(payment, period.to)),
  ]
    .filter((entry) => entry.date <= period.to)
    .sort(compare);

  const before = entries.filter((entry) => entry.date < period.from);
  const within = entries.filter((entry) => entry.date >= period.from);
  const opening = before.reduce((sum, entry) => sum + entry.debit - entry.credit, 0);
  let balance = opening;
  const lines: StatementLine[] = [
    {
      kind: 'opening',
      date: period.from,
      description: 'Saldo awal',
      reference: null,
      debit: 0,
      credit: 0,
      balance,
    },
  ];
  for (const { order: _order, ...entry } of within) {
    balance += entry.debit - entry.credit;
    lines.push({ ...entry, balance });
  }
  const sumOf = (kinds: StatementLine['kind'][], side: 'debit' | 'credit') =>
    within.filter((entry) => kinds.includes(entry.kind)).reduce((sum, entry) => sum + entry[side], 0);
  return {
    student,
    period,
    lines,
    totals: {
      opening,
      charged: sumOf(['item'], 'debit'),
      deducted: sumOf(['discount', 'bail'], 'credit'),
      paid: sumOf(['payment'], 'credit'),
      voided: sumOf(['void'], 'debit'),
      owed: balance,
      credit,
    },
  };
}
