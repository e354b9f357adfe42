/**
 * Test harness: a real app over a migrated, seeded database, exercised with app.inject(). The database
 * is an in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it
 * for each test file (dropped afterwards), so one suite proves both drivers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Employee, TokenResponse } from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { API_ROLE, type Database, openDatabase } from '../src/db/client';
import { branches, clients, roles, user_branches, user_roles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { todayIn } from '../src/lib/time';
import { onServer, withDatabaseName } from './server';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export const ACCOUNTS = {
  admin: { email: 'admin', password: 'Admin#2026' },
  keuangan: { email: 'keuangan', password: 'Keuangan#2026' },
  guru: { email: 'guru', password: 'Guru#2026' },
} as const;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  uploadsDir: string;
  /** The PostgreSQL database of this context (for other processes to open), or undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The API's own role (API_ROLE) on the test PostgreSQL, made once per server (a role is the server's, not a
 * database's) and able to sign in (the test server trusts local connections). Answers `url` signed in as it.
 */
export async function asApiRole(url: string): Promise<string> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('the API role exists on PostgreSQL only');
  // Files running at once may both create it: the loser's error says it exists.
  await onServer(
    server,
    `DO $$ BEGIN CREATE ROLE ${API_ROLE} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
  );
  const asRole = new URL(url);
  asRole.username = API_ROLE;
  asRole.password = '';
  return asRole.toString();
}

/**
 * A seeded database of this file's own, copied from the suite's template (test/global-setup.ts): an in-memory
 * PGlite loaded from its dump, or a new database on the PostgreSQL server (dropped afterwards).
 */
async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(template.dumpFile)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir });
    return { database, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the PostgreSQL template needs TEST_DATABASE_URL');
  const name = `keuangan_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const url = withDatabaseName(serverUrl, name);
  return {
    database: await openDatabase({ kind: 'postgres', url }),
    url,
    drop: () => onServer(serverUrl, `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

/** A seeded database and the app over it; `options` change the app's own settings (e.g. its document limits). */
export async function createTestContext(
  options: Pick<AppOptions, 'documents' | 'reminders' | 'gateways' | 'gatewaySimulator'> = {},
): Promise<TestContext> {
  const { database, url, drop } = await openTestDatabase();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'keuangan-uploads-'));
  const app = await buildApp({
    database,
    jwtSecret: TEST_SECRET,
    uploadsDir,
    logger: false,
    ...options,
    // Test files run side by side at one priority: a niced document thread could wait out a test's time.
    documents: { niceness: 0, ...options.documents },
  });
  return {
    app,
    database,
    uploadsDir,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, account: keyof typeof ACCOUNTS): Promise<TokenResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ACCOUNTS[account] });
  if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
  return res.json<TokenResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A hand-made HS256 JWT for this API (`aud` unless given), to test expired or forged tokens. */
export function craftToken(claims: Record<string, unknown>, secret: string = TEST_SECRET): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ aud: 'keuangan-api', ...claims })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Today in the demo branches' zone, once at least `minutes` are left of it: close to midnight this waits for the
 * new day, so a file whose payments must all fall on the day it checks does not straddle two (a run that crossed
 * midnight checked the day before its payments). Bounded: the wait ends within `minutes`.
 */
export async function aDayThatLasts(minutes: number): Promise<string> {
  for (;;) {
    const now = Date.now();
    const day = todayIn(undefined, new Date(now));
    if (todayIn(undefined, new Date(now + minutes * 60_000)) === day) return day;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** A second client (school foundation) with one branch and one finance user who signs in with a password. */
export interface OtherClient {
  clientId: number;
  branchId: number;
  userId: number;
  account: { email: string; password: string };
}

export async function createOtherClient(database: Database, password = 'Lain#2026x'): Promise<OtherClient> {
  const suffix = randomBytes(3).toString('hex');
  const password_hash = await hashPassword(password);
  return database.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({ name: `Yayasan Lain ${suffix}` })
      .returning({ id: clients.id });
    if (!client) throw new Error('client not created');
    const [branch] = await tx
      .insert(branches)
      .values({ client_id: client.id, code: 'LAIN', name: `Sekolah Lain ${suffix}` })
      .returning({ id: branches.id });
    if (!branch) throw new Error('branch not created');
    const uname = `lain.${suffix}`;
    const [user] = await tx
      .insert(users)
      .values({ client_id: client.id, uname, password_hash, name: 'Pengguna Klien Lain', utype_name: 'Staf' })
      .returning({ id: users.id });
    if (!user) throw new Error('user not created');
    const [finance] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'finance'));
    await tx.insert(user_roles).values({ user_id: user.id, role_id: finance?.id as number });
    await tx.insert(user_branches).values({ user_id: user.id, branch_id: branch.id });
    return { clientId: client.id, branchId: branch.id, userId: user.id, account: { email: uname, password } };
  });
}

/** The staff edit payload (`PUT /api/employee/{id}`) that changes nothing, plus `overrides`. */
export const editPayloadOf = (e: Employee, overrides: Record<string, unknown> = {}) => ({
  name: e.name,
  initial_degree: e.initial_degree,
  final_degree: e.final_degree,
  gender_id: e.gender_id,
  religion_id: e.religion_id,
  ethnic_id: e.ethnic_id,
  marital_status_id: e.marital_status_id,
  nip_pns: e.nip_pns,
  birth_place: e.birth_place,
  birth_date: e.birth_date,
  nik: e.nik,
  phone: e.phone,
  address: e.address,
  branch_ids: e.user.branches.map((b) => b.id),
  fe: 'fin',
  ...overrides,
});

/** A valid staff add payload (`POST /api/employee`) in one branch, without roles, plus `overrides`. */
export const newStaffPayload = (
  refs: { religionId: number; ethnicId: number; branchId: number },
  overrides: Record<string, unknown> = {},
) => ({
  nip: '',
  name: 'Staf Baru',
  initial_degree: '',
  final_degree: '',
  gender_id: 1,
  religion_id: refs.religionId,
  ethnic_id: refs.ethnicId,
  marital_status_id: 2,
  branch_ids: [refs.branchId],
  roles: [],
  fe: 'fin',
  ...overrides,
});

export interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** One request through app.inject() with an optional bearer token and JSON body; the answer parsed when JSON. */
export async function call<T = { message: string; errors?: Record<string, string[]> }>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  return {
    status: res.statusCode,
    body: (isJson ? res.json() : undefined) as T,
    headers: res.headers,
    raw: res.rawPayload,
  };
}

/** Tokens of the finance account in Bandung and in Jakarta (its two branches), and of the teacher. */
export async function sessions(app: FastifyInstance) {
  const session = await login(app, 'keuangan');
  const [bandungBranch, jakartaBranch] = session.user.branches;
  const jakarta = (
    await call<TokenResponse>(app, 'GET', `/api/auth/set-active-branch/${jakartaBranch?.id}`, session.token)
  ).body.token;
  // Switching back keeps the account's last branch Bandung for other sign-ins of the suite.
  const bandung = (
    await call<TokenResponse>(app, 'GET', `/api/auth/set-active-branch/${bandungBranch?.id}`, jakarta)
  ).body.token;
  const guru = (await login(app, 'guru')).token;
  return { bandung, jakarta, guru };
}

/** `call` bound to a test file's app, signed in by default with `defaultToken()` (read at call time). */
export const callerOf =
  (app: () => FastifyInstance, defaultToken: () => string) =>
  <T = { message: string; errors?: Record<string, string[]> }>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined = defaultToken(),
    payload?: unknown,
  ) =>
    call<T>(app(), method, url, token, payload);
