/**
 * `pnpm db:backup [file]` and `pnpm db:restore <file> [--force]` (src/backup/index.ts). A relative file is taken
 * from the folder pnpm was started in. Stop the server first on PGlite (one process at a time on its folder).
 */
import path from 'node:path';
import { loadConfig, ownerUrlName } from '../config';
import {
  backupDatabase,
  defaultBackupFile,
  type RestoreResult,
  restoreDatabase,
  TargetNotEmptyError,
} from './index';

const USAGE = 'Pemakaian: pnpm db:backup [berkas]  |  pnpm db:restore <berkas> [--force]';

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const files = rest.filter((a) => a !== '--force');
const unknown = files.filter((a) => a.startsWith('-'));
const from = process.env.INIT_CWD || process.cwd();
const resolve = (file: string) => path.resolve(from, file);

// As the tables' owner: a restore creates them (api/README.md "Database roles").
const config = loadConfig().ownerDatabase;
const where = config.kind === 'postgres' ? `PostgreSQL (${ownerUrlName()})` : `PGlite ${config.dataDir}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  if (unknown.length > 0 || files.length > 1 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'backup') {
    if (force) {
      console.error(USAGE);
      return 2;
    }
    const file = files[0] ? resolve(files[0]) : defaultBackupFile();
    console.log(`Mencadangkan ${where} ...`);
    const { bytes, millis } = await backupDatabase(config, file);
    console.log(`Cadangan ditulis: ${file} (${megabytes(bytes)}, ${millis} ms)`);
    return 0;
  }
  if (!files[0]) {
    console.error(USAGE);
    return 2;
  }
  const file = resolve(files[0]);
  console.log(`Memulihkan ${file} ke ${where} ...`);
  let result: RestoreResult;
  try {
    result = await restoreDatabase(config, file, { force });
  } catch (error) {
    if (error instanceof TargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (result.keptAt) console.log(`Data lama (${result.before.rows} baris) disimpan di ${result.keptAt}`);
  console.log(`Dipulihkan dalam ${result.millis} ms.`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`Gagal: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
