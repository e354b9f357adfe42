/**
 * Queries behind the fee component routes: the row shape the API returns, the pages and lists, and the
 * writes. What the data allows is in rules.ts.
 */
import type { FeeComponentFilter, StudentFeeComponent } from '@keuangan/shared/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import {
  class_students,
  classes,
  departments,
  fee_types,
  levels,
  student_auto_fees,
  student_billing_items,
  student_fee_components,
  years_of_study,
  yos_periodes,
} from '../db/schema';
import { itemOnBill } from '../ledger/student-ledger-queries';
import { notFound } from '../lib/errors';
import { containsPattern } from '../lib/paging';
import { type BranchOwned, type BranchScope, classMonthConditions, inBranch } from '../lib/scope';

const {
  created_at: _created,
  updated_at: _updated,
  ...componentColumns
} = getTableColumns(student_fee_components);

/** The first bill item charging the component, if any (null while it is not charged to anyone). */
const linkedItemId = sql<number | null>`(select min(${student_billing_items.id}) from ${student_billing_items}
  where ${student_billing_items.student_fee_component_id} = ${student_fee_components.id})`.mapWith(Number);

/** Components with their fee type name and lock state; add `.where(...)`. */
export function selectComponents(db: Db) {
  return db
    .select({ ...componentColumns, fee_type_name: fee_types.name, linked_item_id: linkedItemId })
    .from(student_fee_components)
    .innerJoin(fee_types, eq(fee_types.id, student_fee_components.fee_type_id));
}

type ComponentRow = Awaited<ReturnType<typeof selectComponents>>[number];

export function toComponent({ fee_type_name, linked_item_id, ...row }: ComponentRow): StudentFeeComponent {
  return {
    ...row,
    fee_type: { name: fee_type_name },
    student_billing_item: linked_item_id === null ? null : { id: linked_item_id },
  };
}

/** One component of the branch, as the API returns it, or 404. */
export async function loadComponent(db: Db, scope: BranchScope, id: number): Promise<StudentFeeComponent> {
  const [row] = await selectComponents(db)
    .where(inBranch(scope, student_fee_components, eq(student_fee_components.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return toComponent(row);
}

/** Components (of `ids`) charged to at least one student. */
export async function linkedComponentIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: student_billing_items.student_fee_component_id })
    .from(student_billing_items)
    .where(inArray(student_billing_items.student_fee_component_id, ids));
  return new Set(rows.map((r) => r.id));
}

/** `where` for the six filters of the branch. */
const filterCondition = (scope: BranchScope, f: FeeComponentFilter, ...more: (SQL | undefined)[]) =>
  inBranch(scope, student_fee_components, ...classMonthConditions(student_fee_components, f), ...more);

const ORDER_COLUMNS = {
  id: student_fee_components.id,
  name: student_fee_components.name,
  price: student_fee_components.price,
} as const;

/** How a list is ordered: a column and a direction, the id breaking ties. */
export interface ComponentOrder {
  orderby: keyof typeof ORDER_COLUMNS;
  sort: 'asc' | 'desc';
}

const orderBy = (order: ComponentOrder) => [
  (order.sort === 'desc' ? desc : asc)(ORDER_COLUMNS[order.orderby]),
  asc(student_fee_components.id),
];

/** One page of a class-month's components (searched by name), and how many there are in all. */
export async function componentPage(
  db: Db,
  scope: BranchScope,
  query: FeeComponentFilter & ComponentOrder & { q: string; page: number; limit: number },
): Promise<{ rows: StudentFeeComponent[]; total: number }> {
  const where = filterCondition(
    scope,
    query,
    query.q ? ilike(student_fee_components.name, containsPattern(query.q)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectComponents(db)
      .where(where)
      .orderBy(...orderBy(query))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(student_fee_components).where(where),
  ]);
  return { rows: rows.map(toComponent), total: counted?.total ?? 0 };
}

/**
 * The components of a class-month (the filters given), or of a student's classes; with `availableOnly`, only
 * those not yet on any bill of the student.
 */
export async function componentList(
  db: Db,
  scope: BranchScope,
  filter: Partial<FeeComponentFilter> & ComponentOrder,
  student?: { id: number; availableOnly: boolean },
): Promise<StudentFeeComponent[]> {
  const rows = await selectComponents(db)
    .where(
      inBranch(
        scope,
        student_fee_components,
        ...classMonthConditions(student_fee_components, filter),
        // A student's components: those of the classes they belong to.
        student === undefined
          ? undefined
          : inArray(
              student_fee_components.class_id,
              db
                .select({ id: class_students.class_id })
                .from(class_students)
                .where(eq(class_students.student_id, student.id)),
            ),
        // Available: not yet on any bill of this student.
        student?.availableOnly
          ? notExists(
              db
                .select({ id: student_billing_items.id })
                .from(student_billing_items)
                .where(
                  and(
                    eq(student_billing_items.student_fee_component_id, student_fee_components.id),
                    eq(student_billing_items.student_id, student.id),
                    itemOnBill,
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(...orderBy(filter));
  return rows.map(toComponent);
}

export type ComponentValues = Omit<
  typeof student_fee_components.$inferInsert,
  'id' | 'client_id' | 'branch_id' | 'created_at' | 'updated_at'
>;

/** Adds a component to the branch; answers its id. */
export async function insertComponent(tx: Tx, scope: BranchScope, values: ComponentValues): Promise<number> {
  const [row] = await tx
    .insert(student_fee_components)
    .values({ ...values, client_id: scope.clientId, branch_id: scope.branchId })
    .returning({ id: student_fee_components.id });
  return row?.id as number;
}

export async function updateComponent(tx: Tx, id: number, values: Partial<ComponentValues>): Promise<void> {
  await tx
    .update(student_fee_components)
    .set({ ...values, updated_at: new Date() })
    .where(eq(student_fee_components.id, id));
}

/** Deletes components nobody was charged (rules.ts checks that first: a charged one is kept for good). */
export async function deleteComponents(tx: Tx, ids: number[]): Promise<void> {
  await tx.delete(student_fee_components).where(inArray(student_fee_components.id, ids));
}

/** The branch's components of `ids`, locked for the rest of the transaction, by id. */
export function lockComponents(tx: Tx, scope: BranchScope, ids: number[]) {
  return tx
    .select({ id: student_fee_components.id, name: student_fee_components.name })
    .from(student_fee_components)
    .where(inBranch(scope, student_fee_components, inArray(student_fee_components.id, ids)))
    .orderBy(asc(student_fee_components.id))
    .for('update');
}

/** The level's default fees (Biaya Otomatis Siswa) of a department, in the order they were made. */
export function levelDefaults(tx: Tx, scope: BranchScope, departmentId: number, levelId: number) {
  return tx
    .select()
    .from(student_auto_fees)
    .where(
      inBranch(
        scope,
        student_auto_fees,
        eq(student_auto_fees.department_id, departmentId),
        eq(student_auto_fees.level_id, levelId),
      ),
    )
    .orderBy(asc(student_auto_fees.id));
}

/** A class's components of one month, as stored. */
export function classMonthComponents(tx: Tx, scope: BranchScope, classId: number, mm: string) {
  return tx
    .select()
    .from(student_fee_components)
    .where(
      inBranch(
        scope,
        student_fee_components,
        eq(student_fee_components.class_id, classId),
        eq(student_fee_components.mm, mm),
      ),
    )
    .orderBy(asc(student_fee_components.id));
}

/**
 * Inserts the components whose fee type the class-month does not have yet; the unique index
 * (class, month, fee type) decides, so concurrent runs cannot duplicate. Returns how many were inserted.
 */
export async function insertMissing(
  tx: Tx,
  values: (typeof student_fee_components.$inferInsert)[],
): Promise<number> {
  if (values.length === 0) return 0;
  const inserted = await tx
    .insert(student_fee_components)
    .values(values)
    .onConflictDoNothing({
      target: [
        student_fee_components.class_id,
        student_fee_components.mm,
        student_fee_components.fee_type_id,
      ],
    })
    .returning({ id: student_fee_components.id });
  return inserted.length;
}

/** The component's row locked for the rest of the transaction (what the audit records as "before"). */
export async function lockComponent(tx: Tx, scope: BranchScope, id: number) {
  const [row] = await tx
    .select({
      id: student_fee_components.id,
      name: student_fee_components.name,
      price: student_fee_components.price,
      ftype: student_fee_components.ftype,
      fee_type_id: student_fee_components.fee_type_id,
      due_day: student_fee_components.due_day,
      due_date: student_fee_components.due_date,
    })
    .from(student_fee_components)
    .where(inBranch(scope, student_fee_components, eq(student_fee_components.id, id)))
    .for('update');
  return row;
}

/**
 * In one round trip, the department's row and per other placement id the columns the rules compare (null:
 * not in the branch); undefined when the department is not the branch's.
 */
export async function placementFacts(
  db: Db,
  scope: BranchScope,
  p: Omit<FeeComponentFilter, 'class_id'> & { class_id?: number },
) {
  const of = <T>(table: PgTable & BranchOwned & { id: AnyPgColumn }, column: SQL | AnyPgColumn, id: number) =>
    sql<T | null>`(select ${column} from ${table} where ${inBranch(scope, table, eq(table.id, id))})`;
  const [found] = await db
    .select({
      year_department: of<number>(years_of_study, years_of_study.department_id, p.year_of_study_id),
      period_year: of<number>(yos_periodes, yos_periodes.year_of_study_id, p.yos_periode_id),
      period_start: of<string>(yos_periodes, sql`${yos_periodes.start_date}::text`, p.yos_periode_id),
      period_end: of<string>(yos_periodes, sql`${yos_periodes.end_date}::text`, p.yos_periode_id),
      level_department: of<number>(levels, levels.department_id, p.level_id),
      class_level: of<number>(classes, classes.level_id, p.class_id ?? 0),
      class_year: of<number>(classes, classes.year_of_study_id, p.class_id ?? 0),
    })
    .from(departments)
    .where(inBranch(scope, departments, eq(departments.id, p.department_id)));
  return found;
}

/** Whether the class has a component of this fee type in this month (other than `exceptId`). */
export async function feeTypeTaken(
  db: Db,
  p: { class_id: number; mm: string; fee_type_id: number },
  exceptId?: number,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: student_fee_components.id })
    .from(student_fee_components)
    .where(
      and(
        eq(student_fee_components.class_id, p.class_id),
        eq(student_fee_components.mm, p.mm),
        eq(student_fee_components.fee_type_id, p.fee_type_id),
        exceptId === undefined ? undefined : ne(student_fee_components.id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}
