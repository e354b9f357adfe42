/**
 * Staff: which employees a session may see, the `Employee` shape of the contract, the list's page, and the
 * writes of staff (their account, roles, branches and photo). Staff belong to the client; a session sees those
 * whose user is in its active branch (api/ROUTES.md, "Staff").
 */
import type { BranchRef, Employee, Role } from '@keuangan/shared/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  branches,
  employee_photos,
  employees,
  ethnics,
  religions,
  roles,
  user_branches,
  user_roles,
  users,
} from '../db/schema';
import { notFound } from '../lib/errors';
import type { BranchScope } from '../lib/scope';

/** Employees of the scope's client whose user works in the scope's branch. */
export function visibleEmployee(db: Db, scope: BranchScope): SQL {
  return and(
    eq(employees.client_id, scope.clientId),
    exists(
      db
        .select({ one: sql`1` })
        .from(user_branches)
        .where(
          and(eq(user_branches.user_id, employees.user_id), eq(user_branches.branch_id, scope.branchId)),
        ),
    ),
  ) as SQL;
}

/** Employee rows with user, religion and ethnic joined, filtered by `where`. Order and page it further. */
export function employeeRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      employee: employees,
      uname: users.uname,
      religion_name: religions.name,
      ethnic_name: ethnics.name,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .leftJoin(religions, eq(religions.id, employees.religion_id))
    .leftJoin(ethnics, eq(ethnics.id, employees.ethnic_id))
    .where(where)
    .$dynamic();
}
type EmployeeRow = Awaited<ReturnType<typeof employeeRows>>[number];

/** Adds each user's roles and branches (branches of the scope's client only) to the rows. */
export async function toEmployees(db: Db, clientId: number, rows: EmployeeRow[]): Promise<Employee[]> {
  const userIds = rows.map((r) => r.employee.user_id);
  if (userIds.length === 0) return [];
  const [roleRows, branchRows] = await Promise.all([
    db
      .select({
        user_id: user_roles.user_id,
        id: roles.id,
        slug: roles.slug,
        title: roles.title,
        bg_color: roles.bg_color,
      })
      .from(user_roles)
      .innerJoin(roles, eq(roles.id, user_roles.role_id))
      .where(inArray(user_roles.user_id, userIds))
      .orderBy(asc(roles.id)),
    db
      .select({ user_id: user_branches.user_id, id: branches.id, name: branches.name })
      .from(user_branches)
      .innerJoin(branches, eq(branches.id, user_branches.branch_id))
      .where(and(inArray(user_branches.user_id, userIds), eq(branches.client_id, clientId)))
      .orderBy(asc(branches.id)),
  ]);
  const rolesOf = groupBy(roleRows, ({ user_id, ...role }): [number, Role] => [user_id, role]);
  const branchesOf = groupBy(branchRows, ({ user_id, ...branch }): [number, BranchRef] => [user_id, branch]);

  return rows.map(({ employee, uname, religion_name, ethnic_name }) => {
    const { client_id: _client, user_id, created_at: _created, updated_at: _updated, ...fields } = employee;
    return {
      ...fields,
      user: { uname, roles: rolesOf.get(user_id) ?? [], branches: branchesOf.get(user_id) ?? [] },
      religion: religion_name === null ? null : { name: religion_name },
      ethnic: ethnic_name === null ? null : { name: ethnic_name },
    };
  });
}

function groupBy<T, V>(rows: T[], entry: (row: T) => [number, V]): Map<number, V[]> {
  const map = new Map<number, V[]>();
  for (const row of rows) {
    const [key, value] = entry(row);
    map.set(key, [...(map.get(key) ?? []), value]);
  }
  return map;
}

/** The stored row of the employee with this id if the session may see it, else 404 (ids are not probed). */
export async function findVisibleEmployee(
  db: Db,
  scope: BranchScope,
  id: number,
): Promise<typeof employees.$inferSelect> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(visibleEmployee(db, scope), eq(employees.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The employee with this id in the client, visible or not (after a write that may have moved it). */
export async function loadEmployee(db: Db, clientId: number, id: number): Promise<Employee> {
  const rows = await employeeRows(db, and(eq(employees.client_id, clientId), eq(employees.id, id))).limit(1);
  const [employee] = await toEmployees(db, clientId, rows);
  if (!employee) throw notFound();
  return employee;
}

const ORDER_COLUMNS = {
  name: employees.name,
  uname: users.uname,
  nip: employees.nip,
  id: employees.id,
} as const;

/**
 * One page of the staff the session may see, searched by name, username or NIP when `term` (a LIKE pattern) is
 * given, in the order asked, and how many match in all.
 */
export async function loadEmployeePage(
  db: Db,
  scope: BranchScope,
  q: {
    term: string | null;
    orderby: keyof typeof ORDER_COLUMNS;
    sort: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ data: Employee[]; total: number }> {
  const where = and(
    visibleEmployee(db, scope),
    q.term
      ? or(ilike(employees.name, q.term), ilike(users.uname, q.term), ilike(employees.nip, q.term))
      : undefined,
  );
  const direction = q.sort === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    employeeRows(db, where)
      .orderBy(direction(ORDER_COLUMNS[q.orderby]), direction(employees.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.user_id))
      .where(where),
  ]);
  const data = await toEmployees(db, scope.clientId, rows);
  return { data, total: counted?.total ?? 0 };
}

// --- writing staff ---------------------------------------------------------------------------------------

/** Gives the user the roles with these slugs (those it has already stay). */
export async function addRoles(tx: Tx, userId: number, slugs: readonly string[]): Promise<void> {
  if (slugs.length === 0) return;
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.slug, [...slugs]));
  await tx
    .insert(user_roles)
    .values(rows.map((r) => ({ user_id: userId, role_id: r.id })))
    .onConflictDoNothing();
}

/** Takes the roles with these slugs from the user. */
export async function removeRoles(tx: Tx, userId: number, slugs: string[]): Promise<void> {
  const removedIds = tx.select({ id: roles.id }).from(roles).where(inArray(roles.slug, slugs));
  await tx
    .delete(user_roles)
    .where(and(eq(user_roles.user_id, userId), inArray(user_roles.role_id, removedIds)));
}

/** Creates the sign-in account of new staff of the client; its id. */
export async function insertStaffUser(
  tx: Tx,
  clientId: number,
  user: { uname: string; password_hash: string; name: string; utype_name: string },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ client_id: clientId, ...user })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

/** Puts the new user in these branches. */
export async function insertUserBranches(tx: Tx, userId: number, branchIds: number[]): Promise<void> {
  await tx.insert(user_branches).values(branchIds.map((branch_id) => ({ user_id: userId, branch_id })));
}

/** Puts the user in these branches (those it is in already stay). */
export async function addUserBranches(tx: Tx, userId: number, branchIds: number[]): Promise<void> {
  await tx
    .insert(user_branches)
    .values(branchIds.map((branch_id) => ({ user_id: userId, branch_id })))
    .onConflictDoNothing();
}

/** Takes the user out of these branches. */
export async function removeUserBranches(tx: Tx, userId: number, branchIds: number[]): Promise<void> {
  await tx
    .delete(user_branches)
    .where(and(eq(user_branches.user_id, userId), inArray(user_branches.branch_id, branchIds)));
}

/** Which of these branches the user is in. */
export async function userBranchIdsAmong(tx: Tx, userId: number, branchIds: number[]): Promise<number[]> {
  return (
    await tx
      .select({ id: user_branches.branch_id })
      .from(user_branches)
      .where(and(eq(user_branches.user_id, userId), inArray(user_branches.branch_id, branchIds)))
  ).map((b) => b.id);
}

/** Whether the user is in a branch other than these. */
export async function isInOtherBranch(tx: Tx, userId: number, branchIds: number[]): Promise<boolean> {
  const [elsewhere] = await tx
    .select({ branch_id: user_branches.branch_id })
    .from(user_branches)
    .where(and(eq(user_branches.user_id, userId), notInArray(user_branches.branch_id, branchIds)))
    .limit(1);
  return elsewhere !== undefined;
}

/** Creates the employee of the client for the user; its id. */
export async function insertEmployee(
  tx: Tx,
  clientId: number,
  userId: number,
  employee: Omit<typeof employees.$inferInsert, 'client_id' | 'user_id'>,
): Promise<number> {
  const [row] = await tx
    .insert(employees)
    .values({ client_id: clientId, user_id: userId, ...employee })
    .returning({ id: employees.id });
  if (!row) throw new Error('employee not created');
  return row.id;
}

/** Sets the employee's fields, and the name of its sign-in account to the same name. */
export async function updateEmployeeAndUserName(
  tx: Tx,
  employee: { id: number; user_id: number },
  fields: Partial<typeof employees.$inferInsert> & { name: string },
): Promise<void> {
  const now = new Date();
  await tx
    .update(employees)
    .set({ ...fields, updated_at: now })
    .where(eq(employees.id, employee.id));
  await tx.update(users).set({ name: fields.name, updated_at: now }).where(eq(users.id, employee.user_id));
}

/** Deletes the employee, then its user (its roles, branches and photos go with it). */
export async function deleteEmployeeAndUser(tx: Tx, id: number, userId: number): Promise<void> {
  await tx.delete(employees).where(eq(employees.id, id));
  await tx.delete(users).where(eq(users.id, userId));
}

/** Stores the employee's new photo, points the employee at it, and deletes the `previous` photo if any. */
export async function replaceEmployeePhoto(
  tx: Tx,
  id: number,
  photo: { name: string; content_type: string; bytes: Buffer },
  previous: string | null,
): Promise<void> {
  await tx
    .insert(employee_photos)
    .values({ name: photo.name, employee_id: id, content_type: photo.content_type, bytes: photo.bytes });
  await tx.update(employees).set({ pics: photo.name, updated_at: new Date() }).where(eq(employees.id, id));
  if (previous) await tx.delete(employee_photos).where(eq(employee_photos.name, previous));
}

/** The stored photo with this file name, if there is one. */
export async function loadEmployeePhoto(db: Db, name: string) {
  const [photo] = await db
    .select({ content_type: employee_photos.content_type, bytes: employee_photos.bytes })
    .from(employee_photos)
    .where(eq(employee_photos.name, name));
  return photo;
}

/** The role slugs of a user. */
export async function roleSlugsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: roles.slug })
    .from(user_roles)
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(eq(user_roles.user_id, userId));
  return rows.map((r) => r.slug);
}

export async function religionExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: religions.id }).from(religions).where(eq(religions.id, id));
  return row !== undefined;
}

export async function ethnicExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: ethnics.id }).from(ethnics).where(eq(ethnics.id, id));
  return row !== undefined;
}
