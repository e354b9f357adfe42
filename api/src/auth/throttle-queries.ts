/** The statements behind the password-guess limits (throttle.ts), timed by the database clock. */
import { inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auth_throttle } from '../db/schema';

/** Deletes the rows whose window ended more than `seconds` ago. */
export async function dropExpiredAttempts(tx: Tx, seconds: number): Promise<void> {
  await tx
    .delete(auth_throttle)
    .where(lt(auth_throttle.window_start, sql`now() - make_interval(secs => ${seconds})`));
}

/** Counts one attempt under the key in one upsert (a new window once the old one ended); answers the count. */
export async function countAttempt(tx: Tx, key: string, windowSeconds: number) {
  const expired = sql`${auth_throttle.window_start} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await tx
    .insert(auth_throttle)
    .values({ key, attempts: 1, window_start: sql`now()` })
    .onConflictDoUpdate({
      target: auth_throttle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${auth_throttle.attempts} + 1 end`,
        window_start: sql`case when ${expired} then now() else ${auth_throttle.window_start} end`,
      },
    })
    .returning({
      attempts: auth_throttle.attempts,
      secondsLeft:
        sql<number>`ceil(extract(epoch from ${auth_throttle.window_start} + make_interval(secs => ${windowSeconds}) - now()))`.mapWith(
          Number,
        ),
    });
  return row;
}

/** Deletes the keys' counts: they start over. */
export async function clearAttempts(tx: Tx, keys: string[]): Promise<void> {
  await tx.delete(auth_throttle).where(inArray(auth_throttle.key, keys));
}

/** Takes one attempt back from the key's count. */
export async function returnAttempt(tx: Tx, key: string): Promise<void> {
  await tx
    .update(auth_throttle)
    .set({ attempts: sql`greatest(${auth_throttle.attempts} - 1, 0)` })
    .where(inArray(auth_throttle.key, [key]));
}
