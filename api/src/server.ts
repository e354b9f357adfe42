/** Starts the API: open the database, apply migrations, load the demo data into an empty database, listen. */
import { isDeepStrictEqual } from 'node:util';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startGatewaySimulator } from './gateway-simulator';
import { openUnbookedBranches } from './ledger/journal-open';
import { recogniseDue } from './ledger/journal-recognise';
import { gatewaysFromKeys } from './online-payments/gateways';
import { senderFromConfig } from './reminders/sender';
import { isDatabaseEmpty, seedDatabase } from './seed';

const config = loadConfig();
const database = await openDatabase(config.database);
// Migrations and the demo data as the tables' owner; requests as the API's role (api/README.md "Database roles").
const sameRole = isDeepStrictEqual(config.ownerDatabase, config.database);
const owner = sameRole ? database : await openDatabase(config.ownerDatabase);
try {
  await owner.migrate();
  // History written before the books, booked once per branch (docs/books.md "Opening").
  const opened = await openUnbookedBranches(owner);
  if (opened.length) console.log(`Pembukuan dibuka untuk cabang ${opened.join(', ')}.`);
  // Fees billed ahead whose month has started (docs/books.md "Fees billed ahead"); reports catch up too.
  await recogniseDue(owner);
  if (config.autoSeed && (await isDatabaseEmpty(owner))) {
    const summary = await seedDatabase(owner);
    console.log(`Database kosong: data demo dimuat (${summary.millis} ms).`);
  }
} finally {
  if (!sameRole) await owner.close();
}

// The demo's gateway (`pnpm start` sets the flag; config.ts ignores it once a provider key is set).
const simulated = config.gatewaySimulator ? await startGatewaySimulator() : undefined;
const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

const app = await buildApp({
  database,
  jwtSecret: config.jwtSecret,
  uploadsDir: config.uploadsDir,
  corsOrigins: config.corsOrigins,
  trustProxy: config.trustProxy,
  logger: config.logger,
  documents: config.documents,
  reminders: { sender: senderFromConfig(config.reminderSender) },
  gateways: simulated?.gateways ?? gatewaysFromKeys(config.gateways),
  gatewaySimulator: simulated?.simulatorFor(() => `http://${loopback}:${config.port}`),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  await app.close();
  await simulated?.close();
  await database.close(); // flushes PGlite to its data folder
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
await app.listen({ host: config.host, port: config.port });
if (simulated) app.log.info('Pembayaran online: simulator lokal (tanpa kunci penyedia)');
app.log.info(`Keuangan API siap di http://${config.host}:${config.port} (database: ${where})`);
