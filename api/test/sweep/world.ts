/**
 * What the security sweeps need around the seeded demo data: the callers (a finance editor of Bandung only, a
 * non-editor, a finance user of another client), the ids of each branch's rows (fixtures), strings that only
 * one branch's or client's data holds (canaries: finding one in an answer means data leaked), and a checksum
 * of every table (finding a change means a refused request wrote something).
 */
import type { FeeComponentFilter, TokenResponse } from '@keuangan/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  employees,
  roles,
  student_fee_components,
  user_branches,
  user_roles,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { createOtherClient, login, type OtherClient, type TestContext } from '../helpers';

/**
 * Rows written by design whatever the request: failed sign-in attempts are counted (src/auth/throttle.ts), and
 * so are documents asked for (src/lib/document-limit-store.ts).
 */
export const CHECKSUM_EXCLUDED_TABLES = ['auth_throttle', 'document_limits'];

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

// -------------------------------------------------------------------------------------------------------
// Checksums

async function checksumTables(database: Database): Promise<{ name: string; hasClient: boolean }[]> {
  const tables = await rowsOf<{ name: string; has_client: boolean }>(
    database,
    sql`select t.table_name as name,
          exists (select 1 from information_schema.columns c
                  where c.table_schema = 'public' and c.table_name = t.table_name
                    and c.column_name = 'client_id') as has_client
        from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by t.table_name`,
  );
  return tables
    .filter((t) => !CHECKSUM_EXCLUDED_TABLES.includes(t.name))
    .map((t) => ({ name: t.name, hasClient: t.has_client }));
}

/**
 * One hash per table, in one query (cheap enough to take around every route). `exceptClient`: rows of that
 * client are left out (valid writes run there alongside the malformed sweep).
 */
export async function tableHashes(database: Database, exceptClient?: number): Promise<Map<string, string>> {
  const tables = await checksumTables(database);
  const parts = tables.map(({ name, hasClient }) => {
    const where = hasClient && exceptClient ? `where t.client_id is distinct from ${exceptClient}` : '';
    return `select '${name}' as name, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as hash, count(*)::int as n from "${name}" t ${where}`;
  });
  const rows = await rowsOf<{ name: string; hash: string }>(database, sql.raw(parts.join(' union all ')));
  return new Map(rows.map((r) => [r.name, r.hash]));
}

/** Tables whose hash differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));

/** Every row's hash per table: to count rows changed (added, removed or altered) over a whole sweep. */
export async function rowHashes(database: Database, exceptClient?: number): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const { name, hasClient } of await checksumTables(database)) {
    const where = hasClient && exceptClient ? `where t.client_id is distinct from ${exceptClient}` : '';
    const rows = await rowsOf<{ h: string }>(
      database,
      sql.raw(`select md5(t::text) as h from "${name}" t ${where}`),
    );
    for (const { h } of rows) hashes.add(`${name}:${h}`);
  }
  return hashes;
}

/** Rows added, removed or altered (an altered row is one row gone and one new: counted once). */
export function rowsChanged(before: Set<string>, after: Set<string>): number {
  let gone = 0;
  let added = 0;
  for (const h of before) if (!after.has(h)) gone++;
  for (const h of after) if (!before.has(h)) added++;
  return Math.max(gone, added);
}

// -------------------------------------------------------------------------------------------------------
// Fixtures: the ids of one branch's rows, to fill paths, queries and bodies

export interface Fixture {
  clientId: number;
  branchId: number;
  /** A staff member of the branch only, without roles (junior to every finance editor). */
  employeeId: number;
  /** A fee component of the branch on no bill, in this class-month. */
  feeComponentId: number;
  placement: FeeComponentFilter;
  /** A second one (deleted alone while the first is deleted by a batch). */
  spareFeeComponentId: number;
  /** The fee type of the first. */
  feeTypeId: number;
  /** A fee type the class-month has no component of (to create one). */
  freeFeeTypeId: number;
  religionId: number;
  ethnicId: number;
  studentId: number;
  /** A student with an overdue bill (the demo's older arrears), whom a reminder may be recorded for. */
  overdueStudentId: number;
  /** An unpaid prospect bill, one of its items with something due, and a standing payment of a prospect bill. */
  prospectBillId: number;
  prospectItemId: number;
  prospectPaymentId: number;
  /** Every id above but the prospect bill's, for paths of routes the sweep has no sample of. */
  ids: number[];
}

export async function loadFixture(database: Database, branchId: number): Promise<Fixture> {
  const one = async <T>(query: ReturnType<typeof sql>, what: string): Promise<T> => {
    const [row] = await rowsOf<T>(database, query);
    if (!row) throw new Error(`sweep fixture: no ${what} in branch ${branchId}`);
    return row;
  };
  const { client_id } = await one<{ client_id: number }>(
    sql`select client_id from branches where id = ${branchId}`,
    'branch',
  );
  // A staff member of its own (no roles, referred to by nothing), so deleting it in the validity check works.
  const employee = await database.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        client_id,
        uname: `sapu.${branchId}.${Date.now().toString(36)}`,
        password_hash: '!',
        name: 'Sapu Staf',
        utype_name: 'Pegawai',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('sweep fixture: staff user not created');
    await tx.insert(user_branches).values({ user_id: user.id, branch_id: branchId });
    const [row] = await tx
      .insert(employees)
      .values({ client_id, user_id: user.id, name: 'Sapu Staf', gender_id: 1 })
      .returning({ id: employees.id });
    if (!row) throw new Error('sweep fixture: staff member not created');
    return row;
  });
  // A fee component of its own, on no bill (the seeded ones are all charged), in a seeded class-month, with a
  // fee type that class-month lacks; and a second free fee type for the create sample.
  const placement = await one<FeeComponentFilter>(
    sql`select department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm
        from student_fee_components where branch_id = ${branchId} order by id limit 1`,
    'fee component',
  );
  const freeTypes = await rowsOf<{ id: number }>(
    database,
    sql`select ft.id from fee_types ft
        where ft.branch_id = ${branchId}
          and not exists (select 1 from student_fee_components c
                          where c.class_id = ${placement.class_id} and c.mm = ${placement.mm}
                            and c.fee_type_id = ft.id)
        order by ft.id limit 3`,
  );
  const [ownType, spareType, freeType] = freeTypes;
  if (!ownType || !spareType || !freeType) {
    throw new Error(`sweep fixture: no three free fee types in branch ${branchId}`);
  }
  const [component, spare] = await database.transaction((tx) =>
    tx
      .insert(student_fee_components)
      .values(
        [ownType, spareType].map((type) => ({
          client_id,
          branch_id: branchId,
          ...placement,
          fee_type_id: type.id,
          name: 'Sapu Komponen',
        })),
      )
      .returning({ id: student_fee_components.id }),
  );
  if (!component || !spare) throw new Error('sweep fixture: fee components not created');
  const student = await one<{ id: number }>(
    sql`select id from students where branch_id = ${branchId} order by id limit 1`,
    'student',
  );
  const overdueStudent = await one<{ id: number }>(
    sql`select student_id as id from student_billings
        where branch_id = ${branchId} and form_status = 1 and total_billing > 0 and due_date < current_date - 30
        order by student_id limit 1`,
    'student with an overdue bill',
  );
  const prospectItem = await one<{ bill_id: number; item_id: number }>(
    sql`select b.id as bill_id, i.id as item_id from prospective_billings b
        join prospective_billing_items i on i.prospective_billing_id = b.id
        where b.branch_id = ${branchId} and b.payment_status = 0 and i.total_billing > 0
        order by b.id, i.id limit 1`,
    'unpaid prospect bill',
  );
  const prospectPayment = await one<{ id: number }>(
    sql`select id from prospective_billing_payments where branch_id = ${branchId} and voided_at is null
        order by id limit 1`,
    'prospect payment',
  );
  const reference = await one<{ religion_id: number; ethnic_id: number }>(
    sql`select (select min(id) from religions) as religion_id, (select min(id) from ethnics) as ethnic_id`,
    'reference',
  );
  const feeComponentId = component.id;
  return {
    clientId: client_id,
    branchId,
    employeeId: employee.id,
    feeComponentId,
    spareFeeComponentId: spare.id,
    placement,
    feeTypeId: ownType.id,
    freeFeeTypeId: freeType.id,
    religionId: reference.religion_id,
    ethnicId: reference.ethnic_id,
    studentId: student.id,
    overdueStudentId: overdueStudent.id,
    prospectBillId: prospectItem.bill_id,
    prospectItemId: prospectItem.item_id,
    prospectPaymentId: prospectPayment.id,
    ids: [
      ...new Set([
        employee.id,
        feeComponentId,
        student.id,
        overdueStudent.id,
        branchId,
        placement.department_id,
        placement.year_of_study_id,
        placement.yos_periode_id,
        placement.level_id,
        placement.class_id,
      ]),
    ],
  };
}

/**
 * The ids among `ids` that no row within the caller's reach carries, whatever the table (a row of its branch, or a
 * client-wide row of its client): put in the path of a route the sweep has no sample of, such an id cannot name
 * something the caller may rightly change, so a refusal is the only right answer.
 */
export async function idsOutOfReach(
  database: Database,
  ids: number[],
  reach: { clientId: number; branchId: number },
): Promise<number[]> {
  const tables = await rowsOf<{ name: string; has_branch: boolean }>(
    database,
    sql`select t.table_name as name,
          exists (select 1 from information_schema.columns c where c.table_schema = 'public'
                  and c.table_name = t.table_name and c.column_name = 'branch_id') as has_branch
        from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and exists (select 1 from information_schema.columns c where c.table_schema = 'public'
                      and c.table_name = t.table_name and c.column_name = 'id')
          and exists (select 1 from information_schema.columns c where c.table_schema = 'public'
                      and c.table_name = t.table_name and c.column_name = 'client_id')`,
  );
  const list = ids.join(', ');
  const inReach = new Set<number>();
  for (const { name, has_branch } of tables) {
    const mine = has_branch ? `branch_id = ${reach.branchId}` : `client_id = ${reach.clientId}`;
    const rows = await rowsOf<{ id: number }>(
      database,
      sql.raw(`select id from "${name}" where id in (${list}) and ${mine}`),
    );
    for (const { id } of rows) inReach.add(id);
  }
  return ids.filter((id) => !inReach.has(id));
}

// -------------------------------------------------------------------------------------------------------
// Canaries: strings only one branch's (or client's) data holds

/**
 * Text values (8 characters or more) that only the scope's data holds: rows of the branch (tables with
 * branch_id) and the staff working only there, or rows of the client (tables with client_id); minus any value
 * also found outside the scope, shared lists (roles, religions, ...) included.
 */
export async function canaries(database: Database, scope: { branchId?: number; clientId?: number }) {
  const key = scope.branchId ? 'branch_id' : 'client_id';
  const value = scope.branchId ?? scope.clientId;
  const columns = await rowsOf<{ table_name: string; column_name: string; scoped: boolean }>(
    database,
    sql`select c.table_name, c.column_name,
          exists (select 1 from information_schema.columns k
                  where k.table_schema = 'public' and k.table_name = c.table_name
                    and k.column_name = ${key}) as scoped
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('character varying', 'text')
          and c.column_name not in ('password_hash', 'code_hash')`,
  );
  const inside = new Set<string>();
  const outside = new Set<string>();
  const staffTables = ['employees', 'users'];
  for (const { table_name, column_name, scoped } of columns) {
    // Staff belong to the client: for a branch, those working only there are its own (below).
    if (!scoped && scope.branchId && staffTables.includes(table_name)) continue;
    const mine = scoped ? `("${key}" = ${value})` : 'false'; // shared lists are nobody's secret
    const rows = await rowsOf<{ v: string; mine: boolean }>(
      database,
      sql.raw(
        `select distinct "${column_name}" as v, ${mine} as mine from "${table_name}" where "${column_name}" is not null and length("${column_name}") >= 8`,
      ),
    );
    for (const row of rows) (row.mine ? inside : outside).add(row.v);
  }
  if (scope.branchId) {
    // Staff belong to the client; those working only in this branch are this branch's.
    const staff = await rowsOf<{ v: string; mine: boolean }>(
      database,
      sql`select distinct x.w as v, s.mine from (
            select e.name, u.uname,
              not exists (select 1 from user_branches ub
                          where ub.user_id = e.user_id and ub.branch_id <> ${value}) as mine
            from employees e join users u on u.id = e.user_id) s
          cross join lateral (values (s.name), (s.uname)) as x(w)
          where length(x.w) >= 8`,
    );
    for (const row of staff) (row.mine ? inside : outside).add(row.v);
  }
  return new Set([...inside].filter((v) => !outside.has(v)));
}

/** Every string value inside a JSON answer. */
export function stringsOf(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [body];
  }
  const found: string[] = [];
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') found.push(item);
    else if (item && typeof item === 'object') pending.push(...Object.values(item));
  }
  return found;
}

// -------------------------------------------------------------------------------------------------------
// Callers

export interface Callers {
  /** Finance editor (a finance manager) working in Bandung only. */
  bandungEditor: TokenResponse;
  /** keuangan (finance, both branches), Bandung active: the malformed sweep's and the load's reader. */
  keuangan: TokenResponse;
  /** A finance user of another client, with a staff member of its own. */
  other: TokenResponse & { client: OtherClient; employeeId: number };
}

const EDITOR_PASSWORD = 'Sapu#Bersih2026';

export async function loadCallers(ctx: TestContext, bandungId: number): Promise<Callers> {
  const { database, app } = ctx;
  // A finance manager of Bandung only, from the demo data, given a password.
  const [manager] = await database.db
    .select({ id: users.id, uname: users.uname })
    .from(users)
    .innerJoin(user_roles, eq(user_roles.user_id, users.id))
    .innerJoin(roles, eq(roles.id, user_roles.role_id))
    .where(
      and(
        eq(roles.slug, 'finance-manager'),
        sql`not exists (select 1 from ${user_branches} ub where ub.user_id = ${users.id} and ub.branch_id <> ${bandungId})`,
      ),
    )
    .limit(1);
  if (!manager) throw new Error('sweep: no Bandung-only finance manager in the demo data');
  const password_hash = await hashPassword(EDITOR_PASSWORD);
  await database.transaction((tx) => tx.update(users).set({ password_hash }).where(eq(users.id, manager.id)));
  const signIn = async (payload: { email: string; password: string }) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
    if (res.statusCode !== 200) throw new Error(`sweep sign-in ${payload.email}: ${res.body}`);
    return res.json<TokenResponse>();
  };
  const client = await createOtherClient(database);
  const other = await signIn(client.account);
  const staff = await app.inject({
    method: 'POST',
    url: '/api/employee',
    headers: { authorization: `Bearer ${other.token}` },
    payload: {
      name: 'Staf Klien Lain',
      gender_id: 1,
      religion_id: 1,
      ethnic_id: 1,
      marital_status_id: 2,
      branch_ids: [client.branchId],
      fe: 'fin',
    },
  });
  if (staff.statusCode !== 201) throw new Error(`sweep: other client's staff not created: ${staff.body}`);
  return {
    bandungEditor: await signIn({ email: manager.uname, password: EDITOR_PASSWORD }),
    keuangan: await login(app, 'keuangan'),
    other: { ...other, client, employeeId: staff.json<{ id: number }>().id },
  };
}
