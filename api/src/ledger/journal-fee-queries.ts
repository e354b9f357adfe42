/**
 * Posting a gateway's fee (docs/books.md "When the books move"): Dr Beban Administrasi Bank / Cr the account the
 * money landed in, dated the branch's today, once per source. The amount is the caller's (whole rupiah).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { numbering, PENDING, type Poster, rolesOf, run } from './journal-post-queries';

/** What the fee was taken from: a posted payment, or money kept as Saldo Titipan (a credit movement). */
export type FeeSource =
  | { kind: 'gateway_fee'; paymentId: number }
  | { kind: 'gateway_fee_credit'; movementId: number };

export async function postGatewayFee(
  tx: Tx,
  who: Poster & { clientId: number; branchId: number },
  fee: { amount: number; ptype: number | null; source: FeeSource; description: string },
): Promise<number> {
  if (fee.amount <= 0) return 0;
  const sourceId = fee.source.kind === 'gateway_fee' ? fee.source.paymentId : fee.source.movementId;
  // A payment's money is on its payment type's account; Saldo Titipan's on Bank (journal-credit-queries.ts).
  const account =
    fee.ptype === null
      ? sql`r.bank`
      : sql`coalesce((select pm.account_id from books_mappings pm where pm.client_id = r.client_id
          and pm.source = 'payment_type' and pm.source_key = ${fee.ptype}), r.bank)`;
  return run(
    tx,
    sql`with ${rolesOf(sql`select ${who.clientId}::integer`)},
    f as (select r.client_id, br.id as branch_id, r.bank_fee, ${account} as bank,
        (now() at time zone br.time_zone)::date as entry_date
      from r join branches br on br.client_id = r.client_id
      where r.client_id = ${who.clientId} and br.id = ${who.branchId}
        and not exists (select from books_entries o where o.source_kind = ${fee.source.kind}
          and o.source_id = ${sourceId})),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, description, created_by)
      select f.client_id, f.branch_id, ${PENDING}, f.entry_date, ${fee.source.kind}, ${sourceId},
        ${fee.description}, ${who.userId ?? null}::integer
      from f
      returning id, client_id, branch_id, entry_date),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit)
      select e.client_id, e.branch_id, e.id, x.account_id, x.debit, x.credit
      from e cross join f
      cross join lateral (values (f.bank_fee, ${fee.amount}::bigint, 0::bigint),
        (f.bank, 0::bigint, ${fee.amount}::bigint)) as x(account_id, debit, credit)),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}
