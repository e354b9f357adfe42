/** `pnpm --filter @keuangan/api seed`: wipes the database and reloads the demo data. Stop the server first (PGlite is single-process). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_ACCOUNTS } from './build';
import { seedDatabase } from './index';

const config = loadConfig();
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
console.log(`Database: ${where}`);

const database = await openDatabase(config.database);
try {
  await database.migrate();
  const { millis, counts } = await seedDatabase(database);
  console.log('Data lama dihapus dan data demo dimuat:');
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(34)} ${n}`);
  console.log(`Selesai dalam ${millis} ms. Akun demo:`);
  for (const a of DEMO_ACCOUNTS)
    console.log(`  ${a.uname.padEnd(10)} ${a.password.padEnd(15)} ${a.roles.join(', ')}`);
} finally {
  await database.close();
}
