// The class-month the fee and billing tests work in: found through the real API, chosen through the screens.
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, addMonths, apiGet, apiToken, monthLabel, pick } from './helpers';

interface Period {
  start_date: string;
  end_date: string;
  periode: { name: string };
}

/**
 * Bandung, SD, the current year, the period holding today, Kelas 1, class 1A; and two consecutive months of
 * that period without components (the demo data fills only this month and last month). The demo periods
 * run from the 1st to the last day, so each month between start and end is offered.
 */
export async function classMonth(request: APIRequestContext) {
  const { token } = await apiToken(request, ACCOUNTS.finance);
  const [sd] = await apiGet<{ id: number; name: string }[]>(request, token, '/api/ref-department-getall');
  const [year] = await apiGet<{ id: number; name: string }[]>(
    request,
    token,
    `/api/ref-year-of-study-getall?department_id=${sd?.id}`,
  );
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' })
    .format(new Date())
    .slice(0, 7);
  const periods = await apiGet<Period[]>(
    request,
    token,
    `/api/ref-yos-periode-getall?year_of_study_id=${year?.id}`,
  );
  const period = periods.find(
    (p) => p.start_date.slice(0, 7) <= thisMonth && thisMonth <= p.end_date.slice(0, 7),
  );
  if (!sd || !year || !period) throw new Error('the demo data lacks the current period');
  const months: string[] = [];
  for (let m = period.start_date.slice(0, 7); m <= period.end_date.slice(0, 7); m = addMonths(m, 1))
    months.push(m);
  const free = months.filter((m) => m !== thisMonth && m !== addMonths(thisMonth, -1));
  const first = free.find((m) => free.includes(addMonths(m, 1)));
  if (!first) throw new Error('no two free months in the period');
  return {
    department: sd.name,
    year: year.name,
    period: period.periode.name,
    thisMonth: monthLabel(thisMonth),
    free: [monthLabel(first), monthLabel(addMonths(first, 1))] as const,
  };
}

/** Fills the six-filter cascade (fee components, billing) with class 1A of `place` and `month`. */
export async function pickClassMonth(
  page: Page,
  place: Awaited<ReturnType<typeof classMonth>>,
  month: string,
) {
  await pick(page, 'Departemen', place.department);
  await pick(page, 'Tahun Ajaran', place.year);
  await pick(page, 'Periode KBM', place.period);
  await pick(page, 'Tingkat', 'Kelas 1');
  await pick(page, 'Kelas', '1A');
  await pick(page, 'Bulan', month);
}
