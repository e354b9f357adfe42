/**
 * Reading staff: which employees a session may see, and the `Employee` shape of the contract. Staff belong to
 * the client; a session sees those whose user is in its active branch (api/ROUTES.md, "Staff").
 */
import type { BranchRef, Employee, Role } from '@keuangan/shared/contract';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  branches,
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
