import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCOUNTS, API, apiGet, apiToken } from './helpers';

// What the embedding specs share (embed.spec.ts: the rspack and Vite pages; embed-script-page.spec.ts: the plain
// <script> page): a demo student to show, a Token Integrasi minted through the API, the page's storage.

export interface Bill {
  id: number;
  bill_number: string;
  form_status: number;
  total_payment: number;
  total_billing: number;
  student_id: number;
  department_id: number;
  class: { name: string };
}
export interface Resume {
  sum_total_amount: number;
  sum_total_discount: number;
  sum_total_bail: number;
  sum_total_payment: number;
  sum_total_billing: number;
}

/** A demo student with a confirmed main bill of this year that nothing is paid on (not billing.spec's classes). */
export async function embeddedStudent(request: APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [department] = await apiGet<{ id: number }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${department?.id}`,
  );
  if (!department || !year) throw new Error('no department or year');
  const place = `department_id=${department.id}&year_of_study_id=${year.id}`;
  const list = await apiGet<{ data: Bill[] }>(
    request,
    token,
    `/api/student-billing?${place}&type=1&payment_status=0&orderby=id&sort=desc&limit=100`,
  );
  const bill = list.data.find(
    (b) => b.form_status === 1 && b.total_payment === 0 && !['1A', '2A'].includes(b.class.name),
  );
  if (!bill) throw new Error('no unpaid confirmed bill');
  const own = await apiGet<{ data: Bill[]; total: number; resume: Resume }>(
    request,
    token,
    `/api/student-billing?${place}&student_id=${bill.student_id}&with_resume=true&limit=100`,
  );
  const path = `/siswa/${bill.student_id}/${department.id}/${year.id}`;
  const other = list.data.find(
    (b) => b.student_id !== bill.student_id && !['1A', '2A'].includes(b.class.name),
  );
  if (!other) throw new Error('no bill of another student');
  return { token, bill, own, path, other, departmentId: department.id, yearId: year.id };
}

/**
 * A Token Integrasi minted by `session` (its active branch): read unless `pay`, for one student if given, a kasir
 * token when `cashierName` is given (only those record payments).
 */
export async function mintToken(
  request: APIRequestContext,
  session: string,
  {
    scope = 'billing:read',
    studentId = null,
    cashierName = null,
  }: { scope?: 'billing:read' | 'billing:pay'; studentId?: number | null; cashierName?: string | null },
) {
  const res = await request.post(`${API}/api/embed-tokens`, {
    headers: { Authorization: `Bearer ${session}` },
    data: {
      label: `e2e ${scope}`,
      scope,
      student_id: studentId,
      expires_in_minutes: 60,
      cashier_name: cashierName,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; data: { id: number } };
  return { token: body.token, id: body.data.id };
}

/**
 * A read Token Integrasi minted in the user's other branch (the active branch is put back, so the next sign-in
 * lands where it did): shown a student of this branch, the view says it is the wrong branch.
 */
export async function mintTokenOfOtherBranch(request: APIRequestContext, session: string) {
  const me = await apiGet<{ branches: { id: number }[]; active_branch: { id: number } }>(
    request,
    session,
    '/api/auth/me',
  );
  const otherBranch = me.branches.find((b) => b.id !== me.active_branch.id)?.id;
  const switched = await apiGet<{ token: string }>(
    request,
    session,
    `/api/auth/set-active-branch/${otherBranch}`,
  );
  const elsewhere = await mintToken(request, switched.token, {});
  await apiGet(request, switched.token, `/api/auth/set-active-branch/${me.active_branch.id}`);
  return elsewhere;
}

/** The page's whole local storage, as text (the view must leave it byte for byte as it was). */
export const storageOf = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

/**
 * `count` bills of one demo student that Bayar Online may tick and charge: confirmed, nothing paid, dated up to
 * today, no online charge ever (retry-safe: a retry finds the next such student). Not billing.spec's classes.
 */
export async function freeBillsOfOneStudent(request: APIRequestContext, count: number) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const get = <T>(path: string) => apiGet<T>(request, token, path);
  const [department] = await get<{ id: number }[]>('/api/ref-department-getall');
  const [year] = await get<{ id: number }[]>(`/api/ref-year-of-study-getall?department_id=${department?.id}`);
  if (!department || !year) throw new Error('no department or year');
  const { data } = await get<{ data: (Bill & { bill_date: string })[] }>(
    `/api/student-billing?department_id=${department.id}&year_of_study_id=${year.id}&payment_status=0&orderby=id&sort=asc&limit=100`,
  );
  // The view's "today" is the branch's (Asia/Jakarta in the demo): a later month's bill cannot be ticked yet.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
  const byStudent = new Map<number, Bill[]>();
  for (const bill of data) {
    if (bill.form_status !== 1 || bill.total_payment !== 0 || bill.total_billing === 0) continue;
    if (bill.bill_date > today || ['1A', '2A'].includes(bill.class.name)) continue;
    byStudent.set(bill.student_id, [...(byStudent.get(bill.student_id) ?? []), bill]);
  }
  for (const [studentId, bills] of byStudent) {
    const free: Bill[] = [];
    for (const bill of bills) {
      const charges = await get<{ total: number }>(`/api/online-payments?student_billing_id=${bill.id}`);
      if (charges.total === 0) free.push(bill);
      if (free.length === count) {
        return { token, studentId, bills: free, path: `/siswa/${studentId}/${department.id}/${year.id}` };
      }
    }
  }
  throw new Error(`no student with ${count} free bills`);
}
