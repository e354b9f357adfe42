/**
 * The standing instalments of an item as a column (docs/money.md "Instalments"): read by the statement that locks
 * a bill's items (student-bills-queries.ts), so the engine rewrites an item's due date without a round trip of its own.
 * Imports nothing of billing: billing's files may import it without a cycle.
 */
import type { Instalment } from '@keuangan/shared/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bill_item_instalments,
  student_billing_item_payments,
  student_billing_items,
  student_billing_payments,
} from '../db/schema';

/** The instalments not replaced of the outer query's student bill item, by seq ([] when it is paid at once). */
export function standingInstalments(): SQL<Instalment[]> {
  const s = bill_item_instalments;
  // Spelled out: a bare "id" inside this subquery would be the instalment's own.
  const itemId = sql`${sql.identifier(getTableName(student_billing_items))}.${sql.identifier('id')}`;
  return sql<Instalment[]>`(select coalesce(json_agg(json_build_object('seq', ${s.seq}, 'amount', ${s.amount},
    'due_date', ${s.due_date}) order by ${s.seq}), '[]'::json) from ${s}
    where ${s.student_billing_item_id} = ${itemId} and ${s.replaced_at} is null)`.mapWith(parseInstalments);
}

/** A line of a payment on a split item, with what the item's standing payments before that payment paid. */
export interface SplitLine {
  item_id: number;
  amount: number;
  paid_before: number;
  instalments: Instalment[];
}

/**
 * For a receipt (docs/money.md "Instalments"): the lines of the payment `paymentId` (a column of the outer query)
 * that paid something on a split item, each with the item's standing instalments and what the item's standing
 * payments made before this one paid; the receipt derives which instalments the line paid (`instalmentsPaid`).
 * A column, so the receipt stays one statement.
 */
export function splitLinesOf(paymentId: AnyPgColumn): SQL<SplitLine[]> {
  const line = sql.identifier('split_line');
  const earlier = sql.identifier('earlier_line');
  // Its own name: the outer query's payments table is `paymentId`'s.
  const before = sql.identifier('earlier_payment');
  const s = bill_item_instalments;
  const p = student_billing_payments;
  const lines = student_billing_item_payments;
  return sql<SplitLine[]>`(select coalesce(json_agg(json_build_object(
      'item_id', ${line}.student_billing_item_id,
      'amount', ${line}.amount,
      'paid_before', (select coalesce(sum(${earlier}.amount), 0) from ${lines} as ${earlier}
        join ${p} as ${before} on ${before}.id = ${earlier}.student_billing_payment_id
        where ${earlier}.student_billing_item_id = ${line}.student_billing_item_id
          and ${before}.id < ${paymentId} and ${before}.voided_at is null),
      'instalments', (select json_agg(json_build_object('seq', ${s.seq}, 'amount', ${s.amount},
        'due_date', ${s.due_date}) order by ${s.seq}) from ${s}
        where ${s.student_billing_item_id} = ${line}.student_billing_item_id and ${s.replaced_at} is null))
      order by ${line}.student_billing_item_id), '[]'::json)
    from ${lines} as ${line}
    where ${line}.student_billing_payment_id = ${paymentId} and ${line}.amount > 0
      and exists (select 1 from ${s} where ${s.student_billing_item_id} = ${line}.student_billing_item_id
        and ${s.replaced_at} is null))`.mapWith(parseSplitLines);
}

function parseSplitLines(value: unknown): SplitLine[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as
    | { item_id: number; amount: number | string; paid_before: number | string; instalments: unknown }[]
    | null;
  return (list ?? []).map((l) => ({
    item_id: Number(l.item_id),
    amount: Number(l.amount),
    paid_before: Number(l.paid_before),
    instalments: parseInstalments(l.instalments),
  }));
}

/** json_agg's answer (an array, or its text on some drivers) as instalments with numbers and date strings. */
function parseInstalments(value: unknown): Instalment[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as
    | { seq: number; amount: number | string; due_date: string }[]
    | null;
  return (list ?? []).map((i) => ({
    seq: Number(i.seq),
    amount: Number(i.amount),
    due_date: String(i.due_date),
  }));
}
