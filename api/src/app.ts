/** The Fastify application: plugins, the error shape, guards and routes. Starting and stopping is server.ts. */
import { mkdirSync } from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { academicRoutes } from './academic/routes';
import { auditRoutes } from './audit/routes';
import { setupAuth } from './auth/guard';
import { authRoutes } from './auth/routes';
import { resolveJwtSecret } from './auth/secret';
import { bankReconciliationRoutes } from './bank-reconciliation/routes';
import { billingRoutes } from './billing/routes';
import { booksLedgerRoutes } from './books/ledger-routes';
import { booksRoutes } from './books/routes';
import { cashClosingRoutes } from './cash-closing/routes';
import { classRoutes } from './classes/routes';
import { DEFAULT_UPLOADS_DIR } from './config';
import { dashboardRoutes } from './dashboard/routes';
import type { Database } from './db/client';
import { discountRuleRoutes } from './discount-rules/routes';
import { documentLinkRoutes } from './document-links/routes';
import { createDocumentPool, type DocumentPool, type DocumentPoolOptions } from './documents/pool';
import { embedRoutes } from './embed/routes';
import { employeePhotoFiles, employeeRoutes } from './employee/routes';
import { feeComponentRoutes } from './fee-components/routes';
import { instalmentRoutes } from './instalments/routes';
import { registerDocumentLimit, registerDocumentTurns } from './lib/document-limit';
import { ApiError, MESSAGES } from './lib/errors';
import { refuseNulCharacters } from './lib/input';
import type { Gateways } from './online-payments/gateways';
import { onlinePaymentRoutes } from './online-payments/routes';
import type { GatewaySimulator } from './online-payments/simulator';
import type { RouteEntry } from './openapi/describe';
import { isDocsRoute, registerOpenApi } from './openapi/plugin';
import { logEachRequest, newRequestId } from './ops/request-log';
import { opsRoutes } from './ops/routes';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './ops/unavailable';
import { prospectBillingRoutes } from './prospect-billing/routes';
import { prospectRoutes } from './prospects/routes';
import { receiptRoutes } from './receipts/routes';
import { referenceRoutes } from './reference/routes';
import { createOutbox, type OutboxOptions, type ReminderOutbox } from './reminders/outbox';
import { reminderRoutes } from './reminders/routes';
import { reportRoutes } from './reports/routes';
import { statementRoutes } from './statement/routes';
import { studentCreditRoutes } from './student-credit/routes';
import { studentRoutes } from './students/routes';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Every route the app serves, as registered (the security sweeps walk it: test/sweep.test.ts). */
    routeTable: RouteEntry[];
    /** PDFs and spreadsheets, built on worker threads (documents/pool.ts). */
    documents: DocumentPool;
    /** Reminders sent through a gateway: the configured sender (or none) and the outbox's drain (reminders/outbox.ts). */
    reminderOutbox: ReminderOutbox;
  }
}

export interface AppOptions {
  /** An open, migrated database (see db/client.ts). The caller closes it. */
  database: Database;
  /** HS256 secret, at least 32 bytes; when absent one is generated once and kept in the database. */
  jwtSecret?: string;
  /** Session lifetime in seconds (default 12 hours). */
  tokenTtlSeconds?: number;
  /** Uploaded files, served under /uploads/. */
  uploadsDir: string;
  /** Allowed browser origins; default any http://localhost:<port> or http://127.0.0.1:<port>. */
  corsOrigins?: string[];
  /** Fastify's trustProxy (behind a reverse proxy: the client address comes from X-Forwarded-For). */
  trustProxy?: boolean | string;
  /** JSON log lines, one per request; a stream of its own for tests. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** The document worker pool's size and queue (documents/pool.ts), and documents per user and minute (limit.ts). */
  documents?: DocumentPoolOptions & { perMinute?: number | undefined };
  /**
   * The reminder gateway's sender (none by default: no gateway is offered) and its drain loop's pace. Tests inject
   * a fake sender here; configuration (REMINDER_SENDER) can only name a real one (reminders/sender.ts).
   */
  reminders?: OutboxOptions;
  /** Payment gateways (online-payments/gateways): none unless keys are configured; tests point them at a fake. */
  gateways?: Gateways;
  /** The demo's gateway simulator (gateway-simulator/), when it is the configured gateway: "Simulasikan Pembayaran". */
  gatewaySimulator?: GatewaySimulator;
}

const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/**
 * Bounds of every multipart request (the photo upload sends one file and nothing else): a flood of parts or
 * fields is refused with 413 before it is read. Each upload route sets its own `fileSize`.
 */
const MULTIPART_LIMITS = {
  parts: 12,
  fields: 10,
  files: 1,
  fieldNameSize: 100,
  fieldSize: 1000,
  headerPairs: 20,
  fileSize: 5 * 1024 * 1024,
};

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          redact: ['req.headers.authorization'],
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    // One line per request, ours (ops/request-log.ts), under a short random id.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    trustProxy: options.trustProxy ?? false,
  });
  app.decorate('database', options.database);
  const documents = createDocumentPool(options.documents);
  app.decorate('documents', documents);
  app.addHook('onClose', () => documents.close());
  const outbox = createOutbox(options.database, options.reminders);
  app.decorate('reminderOutbox', outbox);
  app.addHook('onReady', async () =>
    outbox.start((error) => app.log.warn({ err: error }, 'reminder outbox: drain failed')),
  );
  app.addHook('onClose', () => outbox.stop());
  collectRoutes(app);

  logEachRequest(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: MESSAGES.routeNotFound }));

  // The API answers JSON and images only: nothing of it is a page to frame or a script to run.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers are per user (tokens among them): never kept by a browser or proxy cache.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // Pictures are shown by the screens, another origin (helmet's default would block them there).
    else if (request.url.startsWith('/uploads/'))
      reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  refuseNulCharacters(app);

  await app.register(cors, {
    origin: options.corsOrigins?.includes('*') ? '*' : (options.corsOrigins ?? LOCAL_ORIGIN),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false, // bearer tokens only, no cookies
    exposedHeaders: ['Content-Disposition', 'Idempotent-Replayed', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // JSON answers (lists, reports) compressed when the client accepts it; brotli at a quality that costs less
  // CPU than gzip's default. PDFs and spreadsheets are compressed already and left alone (not compressible).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Before the routes: it collects them as they register (openapi/plugin.ts).
  await registerOpenApi(app);

  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    // Uploaded files first, then the bundled defaults (users/avatar.png, employees/default.png).
    root: [options.uploadsDir, DEFAULT_UPLOADS_DIR],
    prefix: '/uploads/',
  });

  const secret = await resolveJwtSecret(options.database, options.jwtSecret);
  await setupAuth(app, {
    database: options.database,
    secret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  });
  await app.register(employeePhotoFiles);

  await registerDocumentLimit(app, options.database, options.documents?.perMinute);
  registerDocumentTurns(app);
  await app.register(
    async (api) => {
      await api.register(opsRoutes);
      await api.register(auditRoutes);
      await api.register(authRoutes);
      await api.register(billingRoutes);
      await api.register(bankReconciliationRoutes);
      await api.register(booksRoutes);
      await api.register(booksLedgerRoutes);
      await api.register(cashClosingRoutes);
      await api.register(dashboardRoutes);
      await api.register(embedRoutes);
      await api.register(documentLinkRoutes);
      await api.register(employeeRoutes, { uploadsDir: options.uploadsDir });
      await api.register(feeComponentRoutes);
      await api.register(referenceRoutes);
      await api.register(receiptRoutes);
      await api.register(reportRoutes);
      await api.register(statementRoutes);
      await api.register(reminderRoutes);
      await api.register(discountRuleRoutes);
      await api.register(instalmentRoutes);
      await api.register(academicRoutes);
      await api.register(prospectRoutes);
      await api.register(prospectBillingRoutes);
      await api.register(studentRoutes);
      await api.register(studentCreditRoutes);
      await api.register(classRoutes);
      await api.register(onlinePaymentRoutes, {
        gateways: options.gateways ?? {},
        simulator: options.gatewaySimulator,
      });
    },
    { prefix: '/api' },
  );
  return app;
}

/** Fills `app.routeTable` as routes register (HEAD and OPTIONS twins of other routes are left out). */
function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    const access: RouteEntry['access'] = !route.url.startsWith('/api/')
      ? 'file'
      : route.config?.public || isDocsRoute(route.url)
        ? 'public'
        : handlers.includes(app.financeEditor)
          ? 'financeEditor'
          : 'authenticated';
    const embed = route.config?.embed;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') {
        table.push({ method, url: route.url, access, ...(embed ? { embed } : {}) });
      }
    }
  });
}

/** Client mistakes Fastify detects before our handlers run, in Indonesian. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format JSON tidak valid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body JSON tidak boleh kosong',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data terlalu besar',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Jenis konten tidak didukung',
  FST_REQ_FILE_TOO_LARGE: 'Ukuran file terlalu besar',
  FST_PARTS_LIMIT: MESSAGES.tooManyParts,
  FST_FILES_LIMIT: MESSAGES.tooManyParts,
  FST_FIELDS_LIMIT: MESSAGES.tooManyParts,
  FST_INVALID_MULTIPART_CONTENT_TYPE: MESSAGES.badUpload,
};

/** Database errors caused by the request's data rather than by a bug (Postgres SQLSTATE codes). */
const DATABASE_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'Data sudah ada'],
  '23503': [409, 'Data masih digunakan atau terkait dengan data lain'],
  '23514': [422, 'Nilai tidak valid'],
  '22P02': [422, 'Nilai tidak valid'],
  '22003': [422, 'Nilai di luar batas'],
  '22007': [422, 'Format tanggal tidak valid'],
  '22008': [422, 'Tanggal tidak valid'],
  '22021': [400, MESSAGES.nulCharacter], // a NUL the request checks missed (lib/input.ts)
  '54000': [422, 'Nilai terlalu panjang'], // e.g. a value too long for an index
};

/** SQLSTATE of a database error; drizzle wraps driver errors, so look through `cause`. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send(error.toBody());
  }

  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(503).send({ message: MESSAGES.busy });
  }

  const dbError = DATABASE_CLIENT_ERRORS[sqlState(error) ?? ''];
  if (dbError) {
    request.log.warn({ err: error }, 'database rejected request data');
    return reply.status(dbError[0]).send({ message: dbError[1] });
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: CLIENT_ERROR_MESSAGES[error.code] ?? MESSAGES.badRequest });
  }

  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ message: MESSAGES.serverError });
}
