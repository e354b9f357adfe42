/** The JWT signing secret: JWT_SECRET when set, otherwise one generated once and kept in the database. */
import { randomBytes } from 'node:crypto';
import { checkSecretLength } from '../config';
import type { Database } from '../db/client';
import { settingKeptOnce } from './setup-queries';

const KEY = 'jwt_secret';

/**
 * Stored in app_settings so it lives with the data (the PGlite folder or the PostgreSQL database): tokens
 * survive restarts, several API processes on one PostgreSQL agree, and an in-memory database gets a fresh
 * secret per process. The price: whoever reads a dump of the database can sign tokens, so production sets
 * JWT_SECRET (api/README.md, "Security").
 */
export async function resolveJwtSecret(database: Database, configured?: string): Promise<string> {
  if (configured !== undefined) {
    checkSecretLength(configured);
    return configured;
  }
  return database.transaction(async (tx) => {
    // Insert-if-absent then read: two processes starting together end up with the same secret.
    const value = await settingKeptOnce(tx, KEY, randomBytes(48).toString('base64url'));
    if (value === undefined) throw new Error('JWT secret could not be stored');
    return value;
  });
}
