/**
 * Migrates and seeds one database before the suite, the template every test context starts from: a test
 * file then copies it (PostgreSQL: CREATE DATABASE … TEMPLATE; PGlite: its data directory loaded from a
 * dump) instead of running the migrations and the demo seed again, the longest part of opening a context.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import { onServer, withDatabaseName } from './server';

/** Where a test context copies its database from (test/helpers.ts). */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `keuangan_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(serverUrl, name) });
    try {
      await database.migrate();
      await seedDatabase(database);
    } finally {
      await database.close();
    }
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  // Built on disk, then dumped as an uncompressed tar: the quickest for each file to load into memory.
  const dir = mkdtempSync(path.join(tmpdir(), 'keuangan-template-'));
  const dataDir = path.join(dir, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    await seedDatabase(database);
  } finally {
    await database.close();
  }
  const client = await PGlite.create(dataDir);
  const dumpFile = path.join(dir, 'seeded.tar');
  try {
    const dump = await client.dumpDataDir('none');
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
