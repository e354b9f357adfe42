/**
 * Tutup Buku (docs/books.md "Closing a month"): no journal entry is dated in a month its branch closed. Migration
 * 0032's trigger on books_entries refuses one (SQLSTATE KB001), whoever writes it; this turns that into a 409.
 */
import { ApiError } from '../lib/errors';
import { monthName } from '../lib/month';

const CLOSED = 'KB001';

/** The closed month ('YYYY-MM') an error was refused for, looking through drizzle's `cause`. */
export function closedMonthOf(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; detail?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === CLOSED) return typeof e.detail === 'string' ? e.detail : '';
  }
  return undefined;
}

export const periodClosedMessage = (what: string, mm: string) =>
  `${what} ditolak: pembukuan ${mm ? monthName(mm) : 'bulan itu'} sudah ditutup (Tutup Buku). ` +
  'Minta manajer keuangan membuka kembali bulan tersebut bila memang perlu.';

/** Runs a posting; an entry dated in a closed month becomes 409 naming `what` was refused (and the month). */
export async function inOpenPeriod<T>(what: string, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    const mm = closedMonthOf(error);
    if (mm !== undefined) throw new ApiError(409, periodClosedMessage(what, mm));
    throw error;
  }
}
