/** The gateway reminders write: each reminder and its outbox message in one transaction (api/README.md). */
import type { Database } from '../db/client';
import type { BranchScope } from '../lib/scope';
import { enqueueMessages, insertReminders } from './queries';

/** Records a gateway reminder per student and queues its message; answers the reminders' ids. */
export function queueGatewayReminders(
  database: Database,
  scope: BranchScope & { userId: number },
  named: { student_id: number; total: number; months: string[]; phone: string; message: string }[],
): Promise<number[]> {
  return database.transaction(async (tx) => {
    const inserted = await insertReminders(tx, scope, scope.userId, 'gateway', named);
    await enqueueMessages(
      tx,
      scope,
      named.map((n, i) => ({ reminder_id: inserted[i] as number, phone: n.phone, message: n.message })),
    );
    return inserted;
  });
}
