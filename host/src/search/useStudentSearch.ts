import type { Student } from '@keuangan/shared/contract';
import { apiErrorText, isCancelledRequest } from '@keuangan/shared/core';
import { useEffect, useState } from 'react';
import { searchActiveStudents } from './api';

/** Fewer letters than this match too many students to be worth a request. */
export const MIN_QUERY_LENGTH = 2;
/** How many students the search shows: a cashier types more rather than scrolls. */
export const SEARCH_LIMIT = 8;
/** The pause after the last key before asking the server: one request per word, not per letter. */
const DEBOUNCE_MS = 250;

export type StudentSearch =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; students: Student[] };

/**
 * Active students of the branch whose name or NIS contains `query` (`GET /api/student`), asked once the typing
 * pauses; an answer to an older query is dropped (its request cancelled).
 */
export function useStudentSearch(query: string): StudentSearch {
  const [result, setResult] = useState<StudentSearch>({ state: 'idle' });
  const q = query.trim();
  useEffect(() => {
    if (q.length < MIN_QUERY_LENGTH) {
      setResult({ state: 'idle' });
      return;
    }
    setResult({ state: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchActiveStudents(q, SEARCH_LIMIT, controller.signal)
        .then((page) => setResult({ state: 'done', students: page.data }))
        .catch((error: unknown) => {
          if (!isCancelledRequest(error)) setResult({ state: 'failed', message: apiErrorText(error) });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return result;
}
