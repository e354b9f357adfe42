/**
 * Rekening Siswa's requests (api/ROUTES.md "Student statement"), with the screen's client: the session's in
 * our host, the token's in the embedded view.
 */
import { ROUTES, type StudentStatement, useApi, useLoad } from '@keuangan/shared';
import { useCallback, useMemo } from 'react';
import { openPdf } from '../documents';

export interface StatementPeriodAsked {
  date_from?: string | undefined;
  date_to?: string | undefined;
}

const queryOf = (studentId: number, period: StatementPeriodAsked) => ({
  student_id: studentId,
  date_from: period.date_from ?? '',
  date_to: period.date_to ?? '',
});

/** The statement of a student for the period asked (the server fills in missing ends). */
export function useStatement(studentId: number, period: StatementPeriodAsked) {
  const client = useApi();
  const { date_from, date_to } = period;
  const load = useCallback(
    (signal: AbortSignal) =>
      client.apiGet(ROUTES.reports.statement(), queryOf(studentId, { date_from, date_to }), {
        signal,
      }),
    [client, studentId, date_from, date_to],
  );
  return useLoad(load);
}

/** Opens the statement's PDF (the period it shows) in a new tab. */
export function useStatementPdf() {
  const client = useApi();
  return useMemo(
    () => (statement: StudentStatement) =>
      openPdf(
        client,
        ROUTES.reports.statementPdf(),
        queryOf(statement.student.id, {
          date_from: statement.period.from,
          date_to: statement.period.to,
        }),
        `rekening-${statement.student.nis}.pdf`,
      ),
    [client],
  );
}
