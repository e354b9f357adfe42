/** Pengingat Tagihan's requests (api/ROUTES.md "Reminders"). */
import {
  apiGet,
  apiPost,
  type BillReminderCreated,
  type BillReminderStudent,
  type BodyType,
  openApiDocument,
  type QueryType,
  ROUTES,
  usePagedQuery,
} from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** The most rows one page of the list may have (the API's limit): the CSV reads the list in pages of it. */
const ALL_PAGE = 500;

/** The list's filter as the route reads it (the CSV and the gateway send the same). */
export type OverdueQuery = QueryType<typeof ROUTES.reminders.overdue>;

/** `GET /api/bill-reminders`: one page of the students with overdue bills. */
export const useOverdueStudents = (params: OverdueQuery, options: ListOptions) =>
  usePagedQuery(ROUTES.reminders.overdue(), params, options);

/** Every student of the filter (the CSV), page after page. */
export async function fetchAllOverdue(params: OverdueQuery): Promise<BillReminderStudent[]> {
  const rows: BillReminderStudent[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiGet(ROUTES.reminders.overdue(), { ...params, page, limit: ALL_PAGE });
    rows.push(...answer.data);
    if (page >= answer.last_page || answer.data.length === 0) return rows;
  }
}

/** `POST /api/bill-reminders`: records reminders sent to these students' parents. */
export const recordReminders = (
  channel: BodyType<typeof ROUTES.reminders.record>['channel'],
  studentIds: number[],
  overdueMin: number | undefined,
) =>
  apiPost(ROUTES.reminders.record(), {
    channel,
    student_ids: studentIds,
    ...(overdueMin ? { overdue_min: overdueMin } : {}),
  });

/** The letters' filter: the list's, or one student's (`student_id`). */
export type LettersQuery = QueryType<typeof ROUTES.reminders.lettersPdf>;

/** `GET /api/bill-reminder-letters-pdf`: Surat Tagihan of one student (`student_id`) or of the filter, in a new tab. */
export const openLetters = (params: LettersQuery, fileName: string) =>
  openApiDocument(ROUTES.reminders.lettersPdf(), params, fileName);

/** `GET /api/bill-reminders/student/{id}`: the student's reminders, newest first (Riwayat Pengingat). */
export const fetchStudentReminders = (studentId: number, signal: AbortSignal) =>
  apiGet(ROUTES.reminders.ofStudent({ id: studentId }), undefined, { signal });

/** `GET /api/bill-reminder-gateway`: is a gateway configured (then the screen offers "Kirim via Gateway")? */
export const fetchGateway = (signal: AbortSignal) =>
  apiGet(ROUTES.reminders.gateway(), undefined, { signal });

/** `POST /api/bill-reminder-gateway`: queues a message to each student's parent, 500 at most a request. */
export async function sendViaGateway(
  studentIds: number[],
  overdueMin: number | undefined,
): Promise<BillReminderCreated['reminders']> {
  const records: BillReminderCreated['reminders'] = [];
  for (let i = 0; i < studentIds.length; i += ALL_PAGE) {
    const answer = await apiPost(ROUTES.reminders.sendViaGateway(), {
      student_ids: studentIds.slice(i, i + ALL_PAGE),
      ...(overdueMin ? { overdue_min: overdueMin } : {}),
    });
    records.push(...answer.reminders);
  }
  return records;
}
