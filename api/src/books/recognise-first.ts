/**
 * Before a books report reads, the active branch's fees billed ahead whose month has started are recognised
 * (docs/books.md "Fees billed ahead"), so a report is right without a scheduler.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { requireAuth } from '../auth/guard';
import { recogniseDue } from '../ledger/journal-recognise';
import { closedMonthOf } from '../ledger/period-lock';
import { isDatabaseUnavailable } from '../ops/unavailable';

/** The report routes' guards: finance editors, then the branch's recognition. */
export function reportGuard(app: FastifyInstance): { preHandler: preHandlerAsyncHookHandler[] } {
  const recogniseFirst: preHandlerAsyncHookHandler = async (request) => {
    try {
      await recogniseDue(app.database, { branchIds: [requireAuth(request).branchId] });
    } catch (error) {
      // A month closed meanwhile, or a bill held past the waiting limits: the report reads the books as they
      // stand, and the next read catches up (a database truly gone fails the report's own read).
      if (closedMonthOf(error) === undefined && !isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'books recognition put off');
    }
  };
  return { preHandler: [app.financeEditor, recogniseFirst] };
}
