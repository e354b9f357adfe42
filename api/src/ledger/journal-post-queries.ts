/**
 * Posting to the books (docs/books.md): each call is ONE statement that writes the entries, their lines and the
 * registration of their voucher numbers (numbered at commit like receipts: lib/numbering.ts `numberAtCommit`),
 * inside the transaction that changes the money. Student bills here; prospect bills in journal-prospects-queries.ts,
 * Saldo Titipan in journal-credit-queries.ts.
 */
import { CREDIT_PTYPE, PTYPE_QRIS, PTYPE_VIRTUAL_ACCOUNT } from '@keuangan/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { executeShaped } from '../db/prepared';

/** The user who posts, when there is one (the seed's opening has none). */
export type Poster = { userId?: number | null | undefined };

/**
 * The default accounts by role of the foundations `clients` (a subquery of client ids), one row per client (`r`):
 * only theirs, so a posting reads a handful of rows however many foundations share the database.
 */
export const rolesOf = (clients: SQL) => sql`r as (select client_id,
    max(id) filter (where role = 'cash') as cash,
    max(id) filter (where role = 'bank') as bank,
    max(id) filter (where role = 'receivable_student') as receivable,
    max(id) filter (where role = 'receivable_prospect') as receivable_prospect,
    max(id) filter (where role = 'student_credit') as student_credit,
    max(id) filter (where role = 'revenue') as revenue,
    max(id) filter (where role = 'unearned') as unearned,
    max(id) filter (where role = 'contra_discount') as discount,
    max(id) filter (where role = 'contra_bail') as bail,
    max(id) filter (where role = 'bank_fee') as bank_fee
  from books_accounts where client_id in (${clients}) group by client_id)`;

/** A unique stand-in voucher (40 characters) until the commit numbers it. */
export const PENDING = sql.raw(`'PENDING-' || replace(gen_random_uuid()::text, '-', '')`);

/** Registers the entries of CTE `e` (id, client, branch, date) for their vouchers: one row per branch and month. */
export const numbering = sql`n as (insert into document_numberings
    (client_id, branch_id, kind, period, prefix, target, ids)
    select e.client_id, e.branch_id, 'journal_entry', to_char(e.entry_date, 'YYYY-MM'), 'JU',
      'books_entries', array_agg(e.id order by e.id)
    from e group by e.client_id, e.branch_id, to_char(e.entry_date, 'YYYY-MM'))`;

export async function run(tx: Tx, statement: SQL): Promise<number> {
  const [row] = await executeShaped<{ posted: number }>(tx, statement);
  return Number(row?.posted ?? 0);
}

/**
 * How a bill's difference is dated: 'today' (the branch's), 'bill' (its own date, for the opening) or 'recognise'
 * (the first of its month, or today when that month is closed: docs/books.md "Fees billed ahead").
 */
export type BillDating = 'today' | 'bill' | 'recognise';

/** The branch's today at `at` (now by default): tests move the clock without waiting. */
export const todayOf = (at: Date | undefined) =>
  sql`(coalesce(${at?.toISOString() ?? null}::timestamptz, now()) at time zone br.time_zone)::date`;

/** The posting date of bill `b` (branch `br`) under `dating`. */
function postingDate(dating: BillDating, at: Date | undefined): SQL {
  if (dating === 'bill') return sql`b.bill_date`;
  if (dating === 'today') return todayOf(at);
  return sql`case when coalesce((select c.action = 'close' from books_period_closings c
      where c.branch_id = b.branch_id and c.mm = b.mm order by c.id desc limit 1), false)
    then ${todayOf(at)} else (b.mm || '-01')::date end`;
}

/**
 * Algorithm: brings the books of the student bills `billIds` to what their confirmed standing items owe (docs/books.md
 * "How a bill is booked"): the target per bill, kind and account, minus what is booked, posted as the difference
 * dated by `dating` (a confirmation, a discount, an unconfirmation's reversal, a recognition's move alike).
 */
export async function postBills(
  tx: Tx,
  who: Poster,
  billIds: readonly number[],
  dating: BillDating,
  at?: Date,
): Promise<number> {
  if (billIds.length === 0) return 0;
  const ids = sql`${sql.param(billIds)}::integer[]`;
  const posted = postingDate(dating, at);
  const recognising = dating === 'recognise';
  return run(
    tx,
    sql`with ${rolesOf(sql`select client_id from student_billings where id = any(${ids})`)},
    target as (
      select i.student_billing_id as bill_id, k.kind, k.account_id, sum(k.amount) as amount
      from student_billings b
      join branches br on br.id = b.branch_id
      join student_billing_items i on i.student_billing_id = b.id and i.removed_at is null
      join r on r.client_id = b.client_id
      left join books_mappings m
        on m.client_id = b.client_id and m.source = 'fee_type' and m.source_key = i.fee_type_id
      left join books_mappings d1 on d1.client_id = b.client_id and d1.source = 'deduction' and d1.source_key = 1
      left join books_mappings d2 on d2.client_id = b.client_id and d2.source = 'deduction' and d2.source_key = 2
      -- Billed ahead: its month starts after the posting date (docs/books.md "Fees billed ahead").
      cross join lateral (select (b.mm || '-01')::date > ${posted} as ahead) f
      cross join lateral (values
        ('student_bill', coalesce(m.receivable_account_id, r.receivable), i.total_amount),
        ('student_bill', case when f.ahead then r.unearned else coalesce(m.account_id, r.revenue) end,
          -i.total_amount),
        ('student_bill_deduction', case when f.ahead then r.unearned else coalesce(d1.account_id, r.discount) end,
          i.total_discount),
        ('student_bill_deduction', case when f.ahead then r.unearned else coalesce(d2.account_id, r.bail) end,
          i.total_bail),
        ('student_bill_deduction', coalesce(m.receivable_account_id, r.receivable),
          -(i.total_discount + i.total_bail))
      ) as k(kind, account_id, amount)
      where b.id = any(${ids}) and b.form_status = 1
      group by 1, 2, 3),
    booked as (
      select l.bill_id, e.source_kind as kind, l.account_id, sum(l.debit - l.credit) as amount
      from books_lines l join books_entries e on e.id = l.entry_id
      where l.bill_id = any(${ids}) and e.source_kind in ('student_bill', 'student_bill_deduction')
      group by 1, 2, 3),
    moves as (
      select coalesce(t.bill_id, k.bill_id) as bill_id, coalesce(t.kind, k.kind) as kind,
        coalesce(t.account_id, k.account_id) as account_id, coalesce(t.amount, 0) - coalesce(k.amount, 0) as amount,
        t.bill_id is null as undone
      from target t full join booked k on k.bill_id = t.bill_id and k.kind = t.kind and k.account_id = t.account_id),
    heads as (
      select m.bill_id, m.kind, bool_and(m.undone) as undone, b.client_id, b.branch_id, b.bill_number,
        ${posted} as entry_date
      from moves m join student_billings b on b.id = m.bill_id join branches br on br.id = b.branch_id
      where m.amount <> 0
      group by m.bill_id, m.kind, b.client_id, b.branch_id, b.bill_number, b.bill_date, b.mm, br.time_zone),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, reversal_of, description, created_by)
      select h.client_id, h.branch_id, ${PENDING}, h.entry_date, h.kind, h.bill_id,
        -- An unconfirmation reverses the bill's latest entry of the kind (docs/books.md).
        case when h.undone then (select max(o.id) from books_entries o where o.source_kind = h.kind
          and o.source_id = h.bill_id and o.reversal_of is null
          and not exists (select from books_entries x where x.reversal_of = o.id)) end,
        case when h.undone then 'Batal konfirmasi ' when not ${recognising} then ''
          when h.kind = 'student_bill' then 'Pengakuan pendapatan ' else 'Pengakuan ' end
          || case h.kind when 'student_bill' then 'Tagihan ' else 'Potongan/Ditanggung ' end || h.bill_number,
        ${who.userId ?? null}::integer
      from heads h order by h.bill_id, h.kind
      returning id, client_id, branch_id, entry_date, source_kind, source_id),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit, bill_id)
      select e.client_id, e.branch_id, e.id, m.account_id, greatest(m.amount, 0), greatest(-m.amount, 0),
        m.bill_id
      from moves m join e on e.source_id = m.bill_id and e.source_kind = m.kind where m.amount <> 0),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}

/**
 * Posts the student payments `paymentIds`: Dr the payment type's account (Kas, Bank,
 * Saldo Titipan; Titipan Siswa, always, for credit spent: its tie-out needs it) / Cr each paid bill's
 * receivable, dated the payment date. Each payment once.
 */
export async function postPayments(tx: Tx, who: Poster, paymentIds: readonly number[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const ids = sql`${sql.param(paymentIds)}::integer[]`;
  return run(
    tx,
    sql`with ${rolesOf(sql`select client_id from student_billing_payments where id = any(${ids})`)},
    p as (select p.id, p.client_id, p.branch_id, p.payment_date, p.amount, p.payer_name,
        case when p.ptype = ${CREDIT_PTYPE} then r.student_credit
          -- Online money (VA, QRIS) lands in the bank when its type has no mapping (docs/books.md).
          when p.ptype in (${PTYPE_VIRTUAL_ACCOUNT}, ${PTYPE_QRIS}) then coalesce(pm.account_id, r.bank)
          else coalesce(pm.account_id, r.cash) end as account_id
      from student_billing_payments p join r on r.client_id = p.client_id
      left join books_mappings pm on pm.client_id = p.client_id and pm.source = 'payment_type' and pm.source_key = p.ptype
      where p.id = any(${ids})
        and not exists (select from books_entries o where o.source_kind = 'student_payment' and o.source_id = p.id)),
    credits as (
      select l.student_billing_payment_id as payment_id, i.student_billing_id as bill_id,
        coalesce(m.receivable_account_id, r.receivable) as account_id, sum(l.amount) as amount
      from student_billing_item_payments l
      join student_billing_items i on i.id = l.student_billing_item_id
      join r on r.client_id = i.client_id
      left join books_mappings m
        on m.client_id = i.client_id and m.source = 'fee_type' and m.source_key = i.fee_type_id
      where l.student_billing_payment_id in (select id from p) and l.amount > 0
      group by 1, 2, 3),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, description, created_by)
      select p.client_id, p.branch_id, ${PENDING}, p.payment_date, 'student_payment', p.id,
        'Pembayaran a.n. ' || p.payer_name, ${who.userId ?? null}::integer
      from p order by p.id
      returning id, client_id, branch_id, entry_date, source_id),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit, bill_id)
      select e.client_id, e.branch_id, e.id, p.account_id, p.amount, 0, null::integer
        from e join p on p.id = e.source_id
      union all
      select e.client_id, e.branch_id, e.id, c.account_id, 0, c.amount, c.bill_id
        from e join credits c on c.payment_id = e.source_id),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}

/** Where each kind of payment lives and how its entries are named. */
const PAYMENT_KINDS = {
  student: { table: sql.raw('student_billing_payments'), kind: 'student_payment' },
  prospect: { table: sql.raw('prospective_billing_payments'), kind: 'prospect_payment' },
} as const;
export type PaymentKind = keyof typeof PAYMENT_KINDS;

/**
 * Reverses the entries of the voided payments `paymentIds` (student or prospect), on the day of each void in the
 * branch's time zone: the original entry is never changed (docs/books.md). Each payment's entry is reversed once.
 */
export async function postVoids(
  tx: Tx,
  who: Poster,
  paymentIds: readonly number[],
  of: PaymentKind = 'student',
): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const ids = sql`${sql.param(paymentIds)}::integer[]`;
  const { table, kind } = PAYMENT_KINDS[of];
  return run(
    tx,
    sql`with o as (
      select o.id, o.client_id, o.branch_id, o.source_id, o.description,
        (p.voided_at at time zone br.time_zone)::date as void_date
      from books_entries o
      join ${table} p on p.id = o.source_id and p.voided_at is not null
      join branches br on br.id = p.branch_id
      where o.source_kind = ${kind} and o.source_id = any(${ids})
        and not exists (select from books_entries x where x.reversal_of = o.id)),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, reversal_of, description, created_by)
      select o.client_id, o.branch_id, ${PENDING}, o.void_date, ${`${kind}_void`}, o.source_id, o.id,
        'Pembatalan ' || o.description, ${who.userId ?? null}::integer
      from o order by o.id
      returning id, client_id, branch_id, entry_date, reversal_of),
    l as (insert into books_lines
        (client_id, branch_id, entry_id, account_id, debit, credit, bill_id, prospective_billing_id)
      select e.client_id, e.branch_id, e.id, x.account_id, x.credit, x.debit, x.bill_id, x.prospective_billing_id
      from e join books_lines x on x.entry_id = e.reversal_of),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}
