/**
 * Bill and payment numbers in date order, counted the way lib/numbering.ts counts them; the counters are
 * stored so numbers issued after the seed continue from here.
 */
import type * as s from '../db/schema';
import { type DocumentKind, formatDocumentNumber } from '../lib/numbering';
import type { Row, SeedRows } from './context';

export function numberDocuments(rows: SeedRows, clientId: number) {
  const branchCode = new Map(rows.branches.map((branch) => [branch.id, branch.code]));
  const sequences = new Map<string, Row<typeof s.document_sequences>>();
  function numberInDateOrder<T extends { id?: number; branch_id: number }>(
    list: T[],
    kind: (row: T) => DocumentKind,
    date: (row: T) => string,
    assign: (row: T, documentNumber: string) => void,
  ) {
    const sorted = [...list].sort((a, b) => date(a).localeCompare(date(b)) || (a.id ?? 0) - (b.id ?? 0));
    for (const row of sorted) {
      const period = date(row).slice(0, 7);
      const key = `${row.branch_id}:${kind(row)}:${period}`;
      const counter = sequences.get(key) ?? {
        client_id: clientId,
        branch_id: row.branch_id,
        kind: kind(row),
        period,
        last_value: 0,
      };
      counter.last_value += 1;
      sequences.set(key, counter);
      assign(
        row,
        formatDocumentNumber(kind(row), branchCode.get(row.branch_id) ?? '', period, counter.last_value),
      );
    }
  }
  numberInDateOrder(
    rows.student_billings,
    () => 'student_billing',
    (b) => b.mm,
    (b, n) => {
      b.bill_number = n;
    },
  );
  numberInDateOrder(
    rows.student_billing_payments,
    () => 'student_payment',
    (p) => p.payment_date,
    (p, n) => {
      p.payment_number = n;
    },
  );
  numberInDateOrder(
    rows.prospective_billings,
    (b) => (b.psb_event_stype_id === 1 ? 'psb_billing' : 'mutation_billing'),
    (b) => b.bill_date,
    (b, n) => {
      b.bill_number = n;
    },
  );
  numberInDateOrder(
    rows.prospective_billing_payments,
    () => 'prospective_payment',
    (p) => p.payment_date,
    (p, n) => {
      p.payment_number = n;
    },
  );
  rows.document_sequences = [...sequences.values()];
}
