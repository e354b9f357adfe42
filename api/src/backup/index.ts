/**
 * `pnpm db:backup` / `db:restore` (README.md "Backup and restore"): one plain pg_dump SQL format for both drivers,
 * so a PGlite backup restores into PostgreSQL and back; a target holding data is refused unless `force`, which
 * keeps a copy first.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { API_DIR, type DatabaseConfig } from '../config';
import { DEFAULT_TIME_ZONE } from '../lib/time';
import { connectionOf, postgresTool, run } from './postgres-tools';

/** Where backups go unless a file is named: KEUANGAN_BACKUP_DIR, else api/backups (git-ignored). */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.KEUANGAN_BACKUP_DIR || 'backups';
  return path.isAbsolute(dir) ? dir : path.resolve(API_DIR, dir);
}

/**
 * 'YYYY-MM-DD-HHMMSS' in the default zone (Asia/Jakarta: a backup is of every branch, whatever their zones),
 * for file names that sort by time.
 */
export function stamp(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}

export const defaultBackupFile = (prefix = 'keuangan', now = new Date()) =>
  path.join(backupDir(), `${prefix}-${stamp(now)}.sql`);

/** pg_dump's options, the same for both drivers: portable SQL any PostgreSQL (and PGlite's exec) can run. */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500'];
/** pg_dump's first and last lines: a file without both is not a dump, or was cut short. */
const DUMP_START = '-- PostgreSQL database dump';
const DUMP_END = '-- PostgreSQL database dump complete';

/** The end of a file, where pg_dump writes DUMP_END. */
async function tailOf(file: string, bytes = 4096): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(bytes, size));
    await handle.read(buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * PGlite keeps postmaster.pid in its folder while a process has it open (the API, a seed): a second process on
 * the same folder could corrupt it, so backup and restore wait until it is closed.
 */
function assertPgliteFolderFree(dataDir: string) {
  if (existsSync(path.join(dataDir, 'postmaster.pid')))
    throw new Error(
      `${dataDir} sedang dipakai proses lain (ada postmaster.pid): hentikan API dulu. ` +
        'Jika tidak ada yang memakainya (setelah proses terhenti paksa), jalankan lalu hentikan API sekali.',
    );
}

const where = (config: DatabaseConfig) =>
  config.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`;

export interface BackupResult {
  file: string;
  bytes: number;
  millis: number;
}

/**
 * Writes a backup of the database to `file`, never over an existing file. It is written to `file.partial` first
 * and renamed when complete, readable by its owner only (it holds personal and financial data and the JWT secret).
 */
export async function backupDatabase(config: DatabaseConfig, file: string): Promise<BackupResult> {
  const started = performance.now();
  if (existsSync(file)) throw new Error(`${file} sudah ada: cadangan tidak pernah menimpa berkas lain`);
  if (config.kind === 'pglite') {
    if (config.dataDir.startsWith('memory://')) throw new Error('PGlite memory:// tidak menyimpan apa pun');
    if (!existsSync(path.join(config.dataDir, 'PG_VERSION')))
      throw new Error(`Tidak ada database PGlite di ${config.dataDir}`);
    assertPgliteFolderFree(config.dataDir);
  }
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  // Opened before anything runs: a .partial left by another backup still writing (or killed) is an error here.
  const out = (await open(partial, 'wx', 0o600)).createWriteStream();
  const finished = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  try {
    out.write(
      `-- Keuangan backup of ${config.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${new Date().toISOString()}.\n` +
        `-- Restore into an empty database: pnpm db:restore <this file>\n`,
    );
    if (config.kind === 'postgres') {
      const { dbname, env } = connectionOf(config.url);
      await run(postgresTool('pg_dump'), [...DUMP_ARGS, `--dbname=${dbname}`], { env, output: out });
    } else {
      const client = await PGlite.create(config.dataDir);
      try {
        const dump = await pgDump({ pg: client, args: DUMP_ARGS });
        out.write(await dump.text());
      } finally {
        await client.close();
      }
    }
    out.end();
    await finished;
    if (!(await tailOf(partial)).includes(DUMP_END)) throw new Error('pg_dump berhenti sebelum selesai');
    await rename(partial, file);
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: (await stat(file)).size, millis: Math.round(performance.now() - started) };
}

/** What a database holds: its tables outside the system schemas, and their rows (drizzle's migration log aside). */
export interface Contents {
  tables: number;
  rows: number;
}

const TABLES_SQL = `
  SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, n.nspname AS schema
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
  ORDER BY 1`;

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function contentsVia(query: Query): Promise<Contents> {
  const tables = (await query(TABLES_SQL)).rows as { name: string; schema: string }[];
  const data = tables.filter((t) => t.schema !== 'drizzle');
  if (data.length === 0) return { tables: tables.length, rows: 0 };
  const counts = data.map((t) => `(SELECT count(*) FROM ${t.name})`).join(' + ');
  const [row] = (await query(`SELECT (${counts})::bigint AS n`)).rows;
  return { tables: tables.length, rows: Number(row?.n ?? 0) };
}

/** The contents of the configured database; a PGlite folder that does not exist (yet) holds nothing. */
export async function databaseContents(config: DatabaseConfig): Promise<Contents> {
  if (config.kind === 'postgres') {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      return await contentsVia((sql) => client.query(sql));
    } finally {
      await client.end();
    }
  }
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) return { tables: 0, rows: 0 };
  assertPgliteFolderFree(config.dataDir);
  const client = await PGlite.create(config.dataDir);
  try {
    return await contentsVia((sql) => client.query(sql));
  } finally {
    await client.close();
  }
}

export class TargetNotEmptyError extends Error {}

export interface RestoreOptions {
  /** Restore over a database that holds data, after keeping a copy of it (see `RestoreResult.keptAt`). */
  force?: boolean;
  /** Where the copy of a PostgreSQL database replaced with `force` is written (default: `defaultBackupFile`). */
  keepFile?: string;
}

export interface RestoreResult {
  millis: number;
  /** What the target held before (empty unless `force` was given). */
  before: Contents;
  /** The copy of what `force` replaced: the moved PGlite folder, or the PostgreSQL backup file. */
  keptAt?: string;
}

/**
 * Turns the dump into what PGlite's exec runs: without psql's \restrict and \unrestrict lines (pg_dump since
 * PostgreSQL 17.6 and 15.14 guards its output for psql with them; only psql reads backslash commands).
 */
export function sqlForPglite(dump: string): string {
  const key = /^\\restrict (\S+)$/m.exec(dump)?.[1];
  if (!key) return dump;
  return dump.replace(`\\restrict ${key}\n`, '').replace(`\\unrestrict ${key}\n`, '');
}

/** Settings a newer pg_dump writes that an older server does not know (restoring a PGlite backup, PostgreSQL 18). */
function sqlForServer(dump: string, serverVersion: number): string {
  return serverVersion < 170000 ? dump.replace(/^SET transaction_timeout = 0;$/m, '') : dump;
}

/**
 * Empties a database that holds no data but has tables (a migrated, never used one), in the restore's
 * transaction: the app's schemas go, `public` comes back empty.
 */
const CLEAR_SCHEMAS_SQL = `
  DROP SCHEMA IF EXISTS drizzle CASCADE;
  DROP SCHEMA IF EXISTS public CASCADE;
  CREATE SCHEMA public;
  GRANT USAGE ON SCHEMA public TO PUBLIC;
`;

/** Restores the backup `file` into the configured database: see the module comment for the rules. */
export async function restoreDatabase(
  config: DatabaseConfig,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const dump = await readFile(file, 'utf8');
  if (!dump.includes(DUMP_START) || !dump.includes(DUMP_END))
    throw new Error(`${file} bukan cadangan yang lengkap (pg_dump): tidak dipulihkan`);
  if (config.kind === 'pglite' && config.dataDir.startsWith('memory://'))
    throw new Error('PGlite memory:// tidak menyimpan apa pun: tentukan KEUANGAN_DATA_DIR');

  const before = await databaseContents(config);
  if (before.rows > 0 && !options.force)
    throw new TargetNotEmptyError(
      `${where(config)} sudah berisi data (${before.tables} tabel, ${before.rows} baris): tidak ada yang diubah. ` +
        'Pulihkan ke database kosong, atau tambahkan --force untuk menggantinya (salinan data lama disimpan dulu).',
    );
  const clear = before.tables > 0;
  let keptAt: string | undefined;

  if (config.kind === 'postgres') {
    if (before.rows > 0) {
      keptAt = options.keepFile ?? defaultBackupFile('keuangan-before-restore');
      await backupDatabase(config, keptAt);
    }
    const { dbname, env } = connectionOf(config.url);
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    let serverVersion: number;
    try {
      serverVersion = Number((await client.query('SHOW server_version_num')).rows[0]?.server_version_num);
    } finally {
      await client.end();
    }
    const input = (clear ? CLEAR_SCHEMAS_SQL : '') + sqlForServer(dump, serverVersion);
    const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`];
    await run(postgresTool('psql'), args, { env, input, output: undefined });
    return { millis: Math.round(performance.now() - started), before, keptAt };
  }

  // PGlite: a replaced folder is moved aside whole (put back if the restore fails); a new one is removed on failure.
  const dir = config.dataDir;
  const existed = existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0);
  if (before.rows > 0) {
    keptAt = `${dir}.before-restore-${stamp()}`;
    renameSync(dir, keptAt);
  }
  try {
    const client = await PGlite.create(dir);
    try {
      await client.transaction(async (tx) => {
        if (clear && !keptAt) await tx.exec(CLEAR_SCHEMAS_SQL);
        await tx.exec(sqlForPglite(dump));
      });
    } finally {
      await client.close();
    }
  } catch (error) {
    if (keptAt) {
      rmSync(dir, { recursive: true, force: true });
      renameSync(keptAt, dir);
      keptAt = undefined;
    } else if (!existed) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { millis: Math.round(performance.now() - started), before, keptAt };
}
