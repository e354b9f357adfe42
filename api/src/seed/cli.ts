/** `pnpm --filter @keuangan/api seed`: wipes the database and reloads the demo data. Stop the server first (PGlite is single-process). */
import { loadConfig, ownerUrlName } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_ACCOUNTS } from './build';
import { seedDatabase } from './index';

const config = loadConfig();
const where =
  config.ownerDatabase.kind === 'postgres' ? `PostgreSQL (${ownerUrlName()})` : config.ownerDatabase.dataDir;
console.log(`Database: ${where}`);

// As the tables' owner: the wipe empties every table (api/README.md "Database roles").
const database = await openDatabase(config.ownerDatabase);
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
