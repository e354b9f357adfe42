/**
 * The standing instalments of an item as a column (docs/money.md "Instalments"): read by the statement that locks
 * a bill's items (billing/rules.ts), so the engine rewrites an item's due date without a round trip of its own.
 * Imports nothing of billing: billing's files may import it without a cycle.
 */
import type { Instalment } from '@keuangan/shared/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { bill_item_instalments, student_billing_items } from '../db/schema';

/** The instalments not replaced of the outer query's student bill item, by seq ([] when it is paid at once). */
export function standingInstalments(): SQL<Instalment[]> {
  const s = bill_item_instalments;
  // Spelled out: a bare "id" inside this subquery would be the instalment's own.
  const itemId = sql`${sql.identifier(getTableName(student_billing_items))}.${sql.identifier('id')}`;
  return sql<Instalment[]>`(select coalesce(json_agg(json_build_object('seq', ${s.seq}, 'amount', ${s.amount},
    'due_date', ${s.due_date}) order by ${s.seq}), '[]'::json) from ${s}
    where ${s.student_billing_item_id} = ${itemId} and ${s.replaced_at} is null)`.mapWith(parseInstalments);
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
