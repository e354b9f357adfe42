/**
 * Limits on password guesses (api/ROUTES.md "Sessions and passwords", Attempt limits): counted in the database
 * before the check, by its clock, so every instance agrees and parallel guesses cannot slip past the limit.
 * Not @fastify/rate-limit: it counts requests under one key; these count failures under two and forgive a success.
 */
import type { Database } from '../db/client';
import { ApiError } from '../lib/errors';
import { clearAttempts, countAttempt, dropExpiredAttempts, returnAttempt } from './throttle-queries';

export interface ThrottleRule {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

export const THROTTLE_RULES = {
  /** Wrong passwords for one username, from anywhere. */
  account: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one address, whatever the username (an office behind one address shares it). */
  address: { max: 30, windowSeconds: 15 * 60 },
  /** Wrong old passwords of one signed-in user on update-password. */
  oldPassword: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

const LONGEST_WINDOW = Math.max(...Object.values(THROTTLE_RULES).map((r) => r.windowSeconds));

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const accountKey = (username: string): ThrottleKey => ({
  key: `account:${username.toLowerCase()}`.slice(0, 200),
  rule: THROTTLE_RULES.account,
});
export const addressKey = (ip: string): ThrottleKey => ({
  key: `address:${ip}`.slice(0, 200),
  rule: THROTTLE_RULES.address,
});
export const oldPasswordKey = (userId: number): ThrottleKey => ({
  key: `password:${userId}`,
  rule: THROTTLE_RULES.oldPassword,
});

/**
 * Counts one attempt under each key. Throws 429 with `message(minutes)` and Retry-After when any key is past its
 * limit (the attempt then stays counted, which changes nothing: the window is fixed).
 */
export async function takeAttempt(
  database: Database,
  keys: ThrottleKey[],
  message: (minutes: number) => string,
): Promise<void> {
  const waits = await database.transaction(async (tx) => {
    // Expired rows are worthless; dropping them here keeps the table small without a timer.
    await dropExpiredAttempts(tx, LONGEST_WINDOW);
    const result: number[] = [];
    for (const { key, rule } of keys) {
      const row = await countAttempt(tx, key, rule.windowSeconds);
      if (row && row.attempts > rule.max) result.push(Math.max(1, row.secondsLeft));
    }
    return result;
  });
  if (waits.length > 0) {
    const seconds = Math.max(...waits);
    throw new ApiError(429, message(Math.ceil(seconds / 60)), undefined, { 'retry-after': String(seconds) });
  }
}

/** Takes back the attempt of a correct password: the account's (or user's) count starts over. */
export async function forgive(database: Database, keys: ThrottleKey[], addressKeys: ThrottleKey[] = []) {
  await database.transaction(async (tx) => {
    if (keys.length > 0)
      await clearAttempts(
        tx,
        keys.map((k) => k.key),
      );
    // An address keeps its other failures (one good account must not wash away guesses at others).
    for (const { key } of addressKeys) await returnAttempt(tx, key);
  });
}
