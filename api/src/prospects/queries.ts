/**
 * Reading prospects: the events, the filter of the list and the XLS download, and the `PsbEventProspective`
 * shape of the contract (the profile, its event, department and the summary of its bill).
 */
import type { PsbEvent, PsbEventProspective } from '@keuangan/shared/contract';
import { count, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  departments,
  ethnics,
  prospective_billings,
  psb_event_prospectives,
  psb_event_stypes,
  psb_events,
  relationship_types,
  religions,
} from '../db/schema';
import { notFound } from '../lib/errors';
import { containsPattern, fetchPage, orderOf } from '../lib/paging';
import { type BranchScope, inBranch, optionalEq } from '../lib/scope';

/** The filters of the list and of the XLS download (all optional). */
export interface ProspectFilter {
  deptId?: number | undefined;
  psb_event_id?: number | undefined;
  registration_status?: number | undefined;
  yoe?: number | undefined;
  stype?: number | undefined;
  q: string;
}

/** `where` of the prospects of the branch matching the filter; `q` searches name and registration number. */
function prospectCondition(scope: BranchScope, f: ProspectFilter): SQL {
  const term = f.q ? containsPattern(f.q) : null;
  return inBranch(
    scope,
    psb_event_prospectives,
    optionalEq(psb_event_prospectives.department_id, f.deptId),
    optionalEq(psb_event_prospectives.psb_event_id, f.psb_event_id),
    optionalEq(psb_event_prospectives.registration_status, f.registration_status),
    optionalEq(psb_event_prospectives.yoe, f.yoe),
    optionalEq(psb_event_prospectives.psb_event_stype_id, f.stype),
    term
      ? or(ilike(psb_event_prospectives.name, term), ilike(psb_event_prospectives.reg_number, term))
      : undefined,
  );
}

const {
  client_id: _client,
  branch_id: _branch,
  created_at: _created,
  updated_at: _updated,
  ...prospectColumns
} = getTableColumns(psb_event_prospectives);

const bill = alias(prospective_billings, 'bill');

/** Prospect rows with everything the contract nests; add `.where(...)`, order and page. */
export function selectProspects(db: Db) {
  return db
    .select({
      ...prospectColumns,
      department_name: departments.name,
      event_code: psb_events.code,
      event_name: psb_events.name,
      stype_name: psb_event_stypes.name,
      religion_name: religions.name,
      ethnic_name: ethnics.name,
      rtype_title: relationship_types.title,
      bill_id: bill.id,
      bill_number: bill.bill_number,
      bill_date: bill.bill_date,
      bill_total_amount: bill.total_amount,
      bill_total_payment: bill.total_payment,
      bill_total_billing: bill.total_billing,
      bill_payment_status: bill.payment_status,
    })
    .from(psb_event_prospectives)
    .innerJoin(departments, eq(departments.id, psb_event_prospectives.department_id))
    .innerJoin(psb_events, eq(psb_events.id, psb_event_prospectives.psb_event_id))
    .innerJoin(psb_event_stypes, eq(psb_event_stypes.id, psb_event_prospectives.psb_event_stype_id))
    .leftJoin(religions, eq(religions.id, psb_event_prospectives.religion_id))
    .leftJoin(ethnics, eq(ethnics.id, psb_event_prospectives.ethnic_id))
    .leftJoin(
      relationship_types,
      eq(relationship_types.id, psb_event_prospectives.emergency_contact_rtype_id),
    )
    .leftJoin(bill, eq(bill.psb_event_prospective_id, psb_event_prospectives.id))
    .$dynamic();
}

type ProspectRow = Awaited<ReturnType<typeof selectProspects>>[number];

export function toProspect(row: ProspectRow): PsbEventProspective {
  const {
    department_name,
    event_code,
    event_name,
    stype_name,
    religion_name,
    ethnic_name,
    rtype_title,
    bill_id,
    bill_number,
    bill_date,
    bill_total_amount,
    bill_total_payment,
    bill_total_billing,
    bill_payment_status,
    ...fields
  } = row;
  return {
    ...fields,
    department: { id: fields.department_id, name: department_name },
    psb_event: { id: fields.psb_event_id, code: event_code, name: event_name },
    psb_event_stype: { id: fields.psb_event_stype_id, name: stype_name },
    religion: religion_name === null ? null : { name: religion_name },
    ethnic: ethnic_name === null ? null : { name: ethnic_name },
    emergency_contact_rtype: rtype_title === null ? null : { title: rtype_title },
    prospective_billing:
      bill_id === null
        ? null
        : {
            id: bill_id,
            bill_number: bill_number ?? '',
            bill_date: bill_date ?? '',
            total_amount: bill_total_amount ?? 0,
            total_payment: bill_total_payment ?? 0,
            total_billing: bill_total_billing ?? 0,
            payment_status: bill_payment_status ?? 0,
          },
  };
}

/** One prospect of the branch, as the API returns it, or 404. */
export async function loadProspect(db: Db, scope: BranchScope, id: number): Promise<PsbEventProspective> {
  const [row] = await selectProspects(db)
    .where(inBranch(scope, psb_event_prospectives, eq(psb_event_prospectives.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return toProspect(row);
}

const ORDER_COLUMNS = {
  id: psb_event_prospectives.id,
  name: psb_event_prospectives.name,
  reg_number: psb_event_prospectives.reg_number,
  registration_status: psb_event_prospectives.registration_status,
};

type ProspectOrder = { orderby: keyof typeof ORDER_COLUMNS; sort: 'asc' | 'desc' };

/** One page of the prospects the filter selects. */
export function prospectPage(
  db: Db,
  scope: BranchScope,
  query: ProspectFilter & ProspectOrder & { page: number; limit: number },
) {
  const where = prospectCondition(scope, query);
  return fetchPage(db, psb_event_prospectives, where, query, async (limit, offset) =>
    (
      await selectProspects(db)
        .where(where)
        .orderBy(...orderOf(ORDER_COLUMNS, query, psb_event_prospectives.id))
        .limit(limit)
        .offset(offset)
    ).map(toProspect),
  );
}

export async function countProspects(db: Db, scope: BranchScope, filter: ProspectFilter): Promise<number> {
  const where = prospectCondition(scope, filter);
  const [counted] = await db.select({ total: count() }).from(psb_event_prospectives).where(where);
  return counted?.total ?? 0;
}

/** Every prospect the filter selects (the download, after its size was checked). */
export async function prospectRows(
  db: Db,
  scope: BranchScope,
  query: ProspectFilter & ProspectOrder,
): Promise<PsbEventProspective[]> {
  const where = prospectCondition(scope, query);
  const rows = await selectProspects(db)
    .where(where)
    .orderBy(...orderOf(ORDER_COLUMNS, query, psb_event_prospectives.id));
  return rows.map(toProspect);
}

/** One page of the branch's admission and transfer events (of a department, year and type), with their type. */
export async function eventPage(
  db: Db,
  scope: BranchScope,
  query: {
    deptId?: number | undefined;
    yoe?: number | undefined;
    stype?: number | undefined;
    page: number;
    limit: number;
    orderby: keyof typeof psb_events.$inferSelect;
    sort: 'asc' | 'desc';
  },
) {
  const where = inBranch(
    scope,
    psb_events,
    optionalEq(psb_events.department_id, query.deptId),
    optionalEq(psb_events.yoe, query.yoe),
    optionalEq(psb_events.psb_event_stype_id, query.stype),
  );
  const page = await fetchPage(db, psb_events, where, query, (limit, offset) =>
    db
      .select({
        id: psb_events.id,
        department_id: psb_events.department_id,
        psb_event_stype_id: psb_events.psb_event_stype_id,
        yoe: psb_events.yoe,
        code: psb_events.code,
        name: psb_events.name,
        start_date: psb_events.start_date,
        end_date: psb_events.end_date,
        status: psb_events.status,
        stype_name: psb_event_stypes.name,
      })
      .from(psb_events)
      .innerJoin(psb_event_stypes, eq(psb_event_stypes.id, psb_events.psb_event_stype_id))
      .where(where)
      .orderBy(...orderOf(psb_events, query, psb_events.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    ...page,
    data: page.data.map(
      ({ stype_name, ...row }): PsbEvent => ({
        ...row,
        psb_event_stype: { id: row.psb_event_stype_id, name: stype_name },
      }),
    ),
  };
}

/** The entry years that have events, newest first (where the prospect screens' filter starts). */
export async function eventYears(
  db: Db,
  scope: BranchScope,
  departmentId?: number,
  stype?: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ yoe: psb_events.yoe })
    .from(psb_events)
    .where(
      inBranch(
        scope,
        psb_events,
        optionalEq(psb_events.department_id, departmentId),
        optionalEq(psb_events.psb_event_stype_id, stype),
      ),
    )
    .orderBy(desc(psb_events.yoe));
  return rows.map((row) => row.yoe);
}
