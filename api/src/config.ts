/** Environment settings of the API, read once at start. Relative defaults resolve from the api/ package. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api/ package directory (works from src/ under tsx and from any cwd). */
export const API_DIR = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');
/** Default files served under /uploads when no uploaded file of that name exists (avatar, employee photo). */
export const DEFAULT_UPLOADS_DIR = path.join(API_DIR, 'assets', 'uploads');

/** Where the data lives: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite. */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** `loadDataDir`: a data directory dumped by PGlite to start from (the tests' seeded template). */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

export interface Config {
  host: string;
  port: number;
  /** What the API serves with (DATABASE_URL). */
  database: DatabaseConfig;
  /** What migrates and seeds: the tables' owner (DATABASE_OWNER_URL, else DATABASE_URL). */
  ownerDatabase: DatabaseConfig;
  jwtSecret: string | undefined;
  uploadsDir: string;
  corsOrigins: string[] | undefined;
  /** Fastify's trustProxy: behind a reverse proxy, the client's address comes from X-Forwarded-For. */
  trustProxy: boolean | string;
  autoSeed: boolean;
  logger: boolean;
  /** Document worker threads and documents per user and minute (documents/). */
  documents: { threads: number | undefined; perMinute: number | undefined };
  /** The reminder gateway (REMINDER_SENDER): none by default. */
  reminderSender: ReminderSenderConfig;
  /** Payment gateways' keys (MIDTRANS_*, XENDIT_*): none by default, online payments then answer "not configured". */
  gateways: GatewayKeys;
  /** The local gateway simulator (KEUANGAN_GATEWAY_SIMULATOR=1, set by `pnpm start`), only while no key is set. */
  gatewaySimulator: boolean;
}

/** The keys of each payment gateway set in the environment (docs/online-payments.md, "Configuration"). */
export interface GatewayKeys {
  midtrans?: { serverKey: string; apiUrl: string };
  xendit?: { secretKey: string; callbackToken: string; apiUrl: string };
}

const MIDTRANS_SANDBOX_URL = 'https://api.sandbox.midtrans.com';
const MIDTRANS_PRODUCTION_URL = 'https://api.midtrans.com';
const XENDIT_URL = 'https://api.xendit.co';

/**
 * MIDTRANS_SERVER_KEY (and MIDTRANS_API_URL, default by the key: a sandbox key starts with "SB-"), XENDIT_SECRET_KEY
 * with XENDIT_CALLBACK_TOKEN (required: callbacks are checked against it) and XENDIT_API_URL.
 */
export function gatewayKeysFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayKeys {
  const keys: GatewayKeys = {};
  if (env.MIDTRANS_SERVER_KEY) {
    const sandbox = env.MIDTRANS_SERVER_KEY.startsWith('SB-');
    keys.midtrans = {
      serverKey: env.MIDTRANS_SERVER_KEY,
      apiUrl: env.MIDTRANS_API_URL || (sandbox ? MIDTRANS_SANDBOX_URL : MIDTRANS_PRODUCTION_URL),
    };
  }
  if (env.XENDIT_SECRET_KEY) {
    if (!env.XENDIT_CALLBACK_TOKEN) throw new Error('XENDIT_SECRET_KEY memerlukan XENDIT_CALLBACK_TOKEN');
    keys.xendit = {
      secretKey: env.XENDIT_SECRET_KEY,
      callbackToken: env.XENDIT_CALLBACK_TOKEN,
      apiUrl: env.XENDIT_API_URL || XENDIT_URL,
    };
  }
  return keys;
}

const resolveFromApi = (value: string) => (path.isAbsolute(value) ? value : path.resolve(API_DIR, value));

export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  const dir = env.KEUANGAN_DATA_DIR || '.data/pglite';
  return { kind: 'pglite', dataDir: dir.startsWith('memory://') ? dir : resolveFromApi(dir) };
}

/**
 * The database as its owner, for migrations, the demo seed, backup and restore: DATABASE_OWNER_URL when the API
 * runs as a role of its own (api/README.md "Database roles"), else the same as `databaseConfigFromEnv`.
 */
export function ownerDatabaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL)
    throw new Error('DATABASE_OWNER_URL memerlukan DATABASE_URL (peran API)');
  return databaseConfigFromEnv({ ...env, DATABASE_URL: env.DATABASE_OWNER_URL || env.DATABASE_URL });
}

/** Which setting named the owner's database, for the tools' "Database: …" line. */
export const ownerUrlName = (env: NodeJS.ProcessEnv = process.env) =>
  env.DATABASE_OWNER_URL ? 'DATABASE_OWNER_URL' : 'DATABASE_URL';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.API_PORT || 8080);
  const gateways = gatewayKeysFromEnv(env);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`API_PORT tidak valid: ${env.API_PORT}`);
  if (env.JWT_SECRET) checkSecretLength(env.JWT_SECRET);
  const origins = env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    host: env.API_HOST || '127.0.0.1',
    port,
    database: databaseConfigFromEnv(env),
    ownerDatabase: ownerDatabaseConfigFromEnv(env),
    jwtSecret: env.JWT_SECRET || undefined,
    uploadsDir: resolveFromApi(env.KEUANGAN_UPLOADS_DIR || 'uploads'),
    corsOrigins: origins?.length ? origins : undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    autoSeed: env.KEUANGAN_AUTO_SEED !== '0' && env.KEUANGAN_AUTO_SEED !== 'false',
    logger: env.API_LOG !== '0' && env.API_LOG !== 'false',
    documents: {
      threads: positiveInt('KEUANGAN_DOCUMENT_THREADS', env.KEUANGAN_DOCUMENT_THREADS),
      perMinute: positiveInt('KEUANGAN_DOCUMENTS_PER_MINUTE', env.KEUANGAN_DOCUMENTS_PER_MINUTE),
    },
    reminderSender: senderConfigFromEnv(env),
    gateways,
    gatewaySimulator: env.KEUANGAN_GATEWAY_SIMULATOR === '1' && !gateways.midtrans && !gateways.xendit,
  };
}

/** An optional whole number setting above zero; unset is undefined (the default applies). */
function positiveInt(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} tidak valid: ${value}`);
  return n;
}

/** TRUST_PROXY: unset/`0`/`false` no proxy; `1`/`true` any; otherwise addresses or CIDRs, comma-separated. */
function trustProxyFromEnv(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value;
}

/** HS256 keys shorter than the hash (32 bytes) are refused at start (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32;

export function checkSecretLength(secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
}

/** REMINDER_SENDER and its settings, chosen by reminders/sender.ts. */
export type ReminderSenderConfig =
  | { kind: 'none' }
  | { kind: 'webhook'; url: string; token: string | undefined; timeoutMs: number };

/** A gateway that answers slower than this is a failed attempt (retried later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Reads REMINDER_SENDER (unset or 'none': none; 'webhook': REMINDER_WEBHOOK_URL, optional REMINDER_WEBHOOK_TOKEN). */
export function senderConfigFromEnv(env: NodeJS.ProcessEnv): ReminderSenderConfig {
  const kind = env.REMINDER_SENDER?.trim() || 'none';
  if (kind === 'none') return { kind: 'none' };
  if (kind !== 'webhook') throw new Error(`REMINDER_SENDER tidak valid: ${kind} (none atau webhook)`);
  const url = env.REMINDER_WEBHOOK_URL?.trim();
  if (!url || !/^https?:\/\//.test(url)) {
    throw new Error('REMINDER_WEBHOOK_URL harus berupa URL http(s) bila REMINDER_SENDER=webhook');
  }
  return {
    kind: 'webhook',
    url,
    token: env.REMINDER_WEBHOOK_TOKEN || undefined,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  };
}
