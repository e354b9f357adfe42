// `pnpm db:backup` / `db:restore` (README.md "Backup and restore"): a copy holds the same rows and takes new
// payments; a target holding data is refused unless --force. PGlite, or PostgreSQL under scripts/with-postgres.sh.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StudentBillingDetail, StudentBillingPaymentReceipt } from '@keuangan/shared/contract';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { backupDatabase, databaseContents, restoreDatabase, TargetNotEmptyError } from '../src/backup';
import { API_DIR, type DatabaseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { student_billings } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { seedDatabase } from '../src/seed';
import { payInFull } from './billing-fixtures';
import { call, sessions, TEST_SECRET } from './helpers';
import { onServer, withDatabaseName } from './server';

const serverUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'keuangan-backup-'));
const dropped: string[] = [];

/** A new, empty database: a PGlite folder not made yet, or a fresh PostgreSQL database. */
async function emptyDatabase(label: string): Promise<DatabaseConfig> {
  if (!serverUrl) return { kind: 'pglite', dataDir: path.join(work, label) };
  const name = `keuangan_backup_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  dropped.push(name);
  return { kind: 'postgres', url: withDatabaseName(serverUrl, name) };
}

type Rows = Record<string, unknown>[];
/** Both drivers answer raw SQL with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;

/**
 * What must survive a backup: every table's row count, the money on bills and payments (students' and prospects'),
 * the document counters and every sequence's position.
 */
async function fingerprint(config: DatabaseConfig) {
  const database = await openDatabase(config);
  try {
    const q = async (query: string) => rowsOf(await database.db.execute(sql.raw(query)));
    const tables = (await q(`select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`)) as {
      name: string;
    }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number((await q(`select count(*) as n from ${name}`))[0]?.n ?? Number.NaN);
    const money = (
      await q(`select
        (select sum(total_amount) from student_billings) as bills_amount,
        (select sum(total_billing) from student_billings) as bills_due,
        (select sum(amount) from student_billing_items) as items_amount,
        (select sum(amount) from student_billing_payments) as payments,
        (select sum(amount) from student_billing_payments where voided_at is null) as standing_payments,
        (select sum(total_amount) from prospective_billings) as prospect_bills_amount,
        (select sum(amount) from prospective_billing_payments) as prospect_payments`)
    )[0];
    const counters = await q(
      'select branch_id, kind, period, last_value from document_sequences order by branch_id, kind, period',
    );
    const sequences = await q(
      'select schemaname, sequencename, last_value from pg_sequences order by schemaname, sequencename',
    );
    return { counts, money, counters, sequences };
  } finally {
    await database.close();
  }
}

/** Opens `config` with the app on it and pays one confirmed, unpaid Bandung bill in full. */
async function payOneBill(config: DatabaseConfig) {
  const database = await openDatabase(config);
  const app = await buildApp({ database, jwtSecret: TEST_SECRET, uploadsDir: work, logger: false });
  try {
    const { bandung } = await sessions(app);
    const [bill] = await database.db
      .select({ id: student_billings.id })
      .from(student_billings)
      .where(
        and(
          eq(student_billings.branch_id, 1),
          eq(student_billings.form_status, 1),
          eq(student_billings.payment_status, 0),
          lte(student_billings.bill_date, todayIn()),
          sql`${student_billings.total_billing} > 0`,
        ),
      )
      .orderBy(asc(student_billings.id))
      .limit(1);
    if (!bill) throw new Error('the demo data has no open bill');
    const detail = await call<StudentBillingDetail>(app, 'GET', `/api/student-billing/${bill.id}`, bandung);
    const paid = await call<StudentBillingPaymentReceipt>(
      app,
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      bandung,
      payInFull(detail.body),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const auditIds = rowsOf(await database.db.execute(sql`select max(id) as id from audit_logs`));
    return { payment: paid.body, lastAuditId: Number(auditIds[0]?.id) };
  } finally {
    await app.close();
    await database.close();
  }
}

const maxIds = async (config: DatabaseConfig) => {
  const database = await openDatabase(config);
  try {
    const [row] = rowsOf(
      await database.db.execute(sql`select
        (select max(id) from student_billing_payments) as payment,
        (select max(id) from student_billing_item_payments) as line,
        (select max(id) from audit_logs) as audit`),
    );
    return { payment: Number(row?.payment), line: Number(row?.line), audit: Number(row?.audit) };
  } finally {
    await database.close();
  }
};

let source: DatabaseConfig;
let backupFile: string;
let original: Awaited<ReturnType<typeof fingerprint>>;
let restored: DatabaseConfig;

beforeAll(async () => {
  source = await emptyDatabase('source');
  const database = await openDatabase(source);
  try {
    await database.migrate();
    await seedDatabase(database);
  } finally {
    await database.close();
  }
  // A payment before the backup: audit log rows, counters and sequences past the demo data.
  await payOneBill(source);
  original = await fingerprint(source);
  backupFile = path.join(work, 'out', 'keuangan.sql');
  await backupDatabase(source, backupFile);
});

afterAll(async () => {
  if (serverUrl)
    for (const name of dropped) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe('db:backup', () => {
  it('writes one complete SQL dump, readable by its owner only, and never over an existing file', async () => {
    const text = readFileSync(backupFile, 'utf8');
    expect(text).toMatch(/^-- Keuangan backup of (PGlite|PostgreSQL)/);
    expect(text).toContain('-- PostgreSQL database dump complete');
    expect(text).toContain('CREATE TRIGGER audit_logs_no_change');
    expect(existsSync(`${backupFile}.partial`)).toBe(false);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const before = readFileSync(backupFile);
    await expect(backupDatabase(source, backupFile)).rejects.toThrow(/sudah ada/);
    expect(readFileSync(backupFile).equals(before)).toBe(true);
  });

  // PGlite is one process per folder: a second one (a backup while the API runs) could corrupt it.
  it.skipIf(Boolean(serverUrl))(
    'refuses a PGlite folder another process has open, writing nothing',
    async () => {
      const database = await openDatabase(source);
      try {
        const file = path.join(work, 'busy.sql');
        await expect(backupDatabase(source, file)).rejects.toThrow(/sedang dipakai/);
        expect(existsSync(file)).toBe(false);
        expect(existsSync(`${file}.partial`)).toBe(false);
        await expect(restoreDatabase(source, backupFile, { force: true })).rejects.toThrow(/sedang dipakai/);
      } finally {
        await database.close();
      }
    },
  );

  it('leaves the database it backed up as it was', async () => {
    expect(await fingerprint(source)).toEqual(original);
  });
});

describe('db:restore', () => {
  beforeAll(async () => {
    restored = await emptyDatabase('restored');
    const result = await restoreDatabase(restored, backupFile);
    expect(result.before).toEqual({ tables: 0, rows: 0 });
    expect(result.keptAt).toBeUndefined();
  });

  it('restores every row, total, counter and sequence', async () => {
    const copy = await fingerprint(restored);
    expect(Object.keys(copy.counts).length).toBeGreaterThan(40);
    expect(copy.counts['public.student_billing_payments']).toBeGreaterThan(0);
    expect(copy.counts['public.audit_logs']).toBeGreaterThan(0);
    expect(copy).toEqual(original);
  });

  it('takes a new payment after the restore: new ids and the next number, no conflict', async () => {
    const before = await maxIds(restored);
    const counters = (await fingerprint(restored)).counters;
    const { payment, lastAuditId } = await payOneBill(restored);
    expect(payment.id).toBe(before.payment + 1);
    expect(lastAuditId).toBeGreaterThan(before.audit);
    const after = await maxIds(restored);
    expect(after.line).toBeGreaterThan(before.line);
    // The payment's number came from the restored counter, one past where it stood.
    const changed = (await fingerprint(restored)).counters.filter(
      (c) => !counters.some((o) => JSON.stringify(o) === JSON.stringify(c)),
    );
    // The payment's and its journal voucher's (docs/books.md).
    expect(changed.map((c) => c.kind).sort()).toEqual(['journal_entry', 'student_payment']);
    const counter = changed.find((c) => c.kind === 'student_payment') as Record<string, unknown>;
    const previous = counters.find(
      (o) => o.branch_id === counter.branch_id && o.kind === counter.kind && o.period === counter.period,
    );
    expect(Number(counter.last_value)).toBe(Number(previous?.last_value ?? 0) + 1);
    expect(payment.payment_number).toMatch(new RegExp(`-${String(counter.last_value).padStart(5, '0')}$`));
  });

  it('restores the audit log still unchangeable', async () => {
    const database = await openDatabase(restored);
    try {
      await expect(database.db.execute(sql`update audit_logs set reason = 'x'`)).rejects.toThrow();
      await expect(database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('refuses a database that holds data, and changes nothing', async () => {
    const before = await fingerprint(restored);
    await expect(restoreDatabase(restored, backupFile)).rejects.toThrow(TargetNotEmptyError);
    await expect(restoreDatabase(restored, backupFile)).rejects.toThrow(/sudah berisi data/);
    expect(await fingerprint(restored)).toEqual(before);
    expect(before).not.toEqual(original); // the payment made after the restore is still there
  });

  it('the CLI refuses too: a message, exit code 1, nothing changed', async () => {
    const before = await fingerprint(restored);
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: work };
    delete env.DATABASE_URL;
    delete env.KEUANGAN_DATA_DIR;
    if (restored.kind === 'postgres') env.DATABASE_URL = restored.url;
    else env.KEUANGAN_DATA_DIR = restored.dataDir;
    const cli = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/backup/cli.ts', 'restore', 'out/keuangan.sql'],
      {
        cwd: API_DIR,
        env,
      },
    );
    const failure = await cli.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/sudah berisi data .*--force/s);
    expect(await fingerprint(restored)).toEqual(before);
  });

  it('with force, replaces the data after keeping a copy of it', async () => {
    const before = await fingerprint(restored);
    const keepFile = path.join(work, 'kept.sql');
    const result = await restoreDatabase(restored, backupFile, { force: true, keepFile });
    expect(result.before.rows).toBeGreaterThan(0);
    expect(await fingerprint(restored)).toEqual(original);
    // The copy holds what was replaced: restored on its own, it is the database as it stood before.
    const keptAt = result.keptAt as string;
    expect(existsSync(keptAt)).toBe(true);
    const kept: DatabaseConfig =
      restored.kind === 'postgres' ? await emptyDatabase('kept') : { kind: 'pglite', dataDir: keptAt };
    if (kept.kind === 'postgres') await restoreDatabase(kept, keptAt);
    expect(await fingerprint(kept)).toEqual(before);
  });

  it('restores into a migrated database that holds no data yet', async () => {
    const target = await emptyDatabase('migrated');
    const database = await openDatabase(target);
    await database.migrate();
    await database.close();
    expect((await databaseContents(target)).rows).toBe(0);
    await restoreDatabase(target, backupFile);
    expect(await fingerprint(target)).toEqual(original);
  });

  it('refuses a cut-short backup file and leaves the target empty', async () => {
    const cut = path.join(work, 'cut.sql');
    const text = readFileSync(backupFile, 'utf8');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const target = await emptyDatabase('cut');
    await expect(restoreDatabase(target, cut)).rejects.toThrow(/bukan cadangan yang lengkap/);
    expect(await databaseContents(target)).toEqual({ tables: 0, rows: 0 });
    if (target.kind === 'pglite') expect(existsSync(target.dataDir)).toBe(false);
  });

  it('rolls back a restore that fails halfway, leaving the target empty', async () => {
    const broken = path.join(work, 'broken.sql');
    const text = readFileSync(backupFile, 'utf8');
    // A statement that fails after the tables and some rows were made.
    const at = text.indexOf('-- Data for Name: student_billings;');
    expect(at).toBeGreaterThan(0);
    writeFileSync(broken, `${text.slice(0, at)}SELECT 1/0;\n${text.slice(at)}`);
    const target = await emptyDatabase('broken');
    await expect(restoreDatabase(target, broken)).rejects.toThrow(/division by zero/);
    expect(await databaseContents(target)).toEqual({ tables: 0, rows: 0 });
    if (target.kind === 'pglite') expect(existsSync(target.dataDir)).toBe(false);
  });
});
