/**
 * A report's filter as its spreadsheet writes it at the top: names, not ids ('Semua' for a field left open); an
 * id of another branch is 404, never its name. Shared by Laporan Billing Siswa and Laporan Potongan.
 */
import type { Db } from '../db/client';
import { classes, departments, levels, years_of_study } from '../db/schema';
import { monthName } from '../lib/month';
import { type BranchScope, findInBranch } from '../lib/scope';
import { periodName } from './filter-queries';

export const ALL_LABEL = 'Semua';

/** The filter's placement and month range, each field optional. */
export interface PlacementMonthFilter {
  department_id?: number | undefined;
  year_of_study_id?: number | undefined;
  yos_periode_id?: number | undefined;
  level_id?: number | undefined;
  class_id?: number | undefined;
  mm_from?: string | undefined;
  mm_to?: string | undefined;
}

/** Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas, Dari Bulan, Sampai Bulan: the lines of the filter. */
export async function placementFilterLines(
  db: Db,
  scope: BranchScope,
  q: PlacementMonthFilter,
): Promise<[string, string][]> {
  const nameOf = async (id: number | undefined, find: (id: number) => Promise<{ name: string }>) =>
    id === undefined ? ALL_LABEL : (await find(id)).name;
  const [department, year, period, level, klass] = await Promise.all([
    nameOf(q.department_id, (id) => findInBranch(db, scope, departments, id)),
    nameOf(q.year_of_study_id, (id) => findInBranch(db, scope, years_of_study, id)),
    nameOf(q.yos_periode_id, async (id) => ({ name: await periodName(db, scope, id) })),
    nameOf(q.level_id, (id) => findInBranch(db, scope, levels, id)),
    nameOf(q.class_id, (id) => findInBranch(db, scope, classes, id)),
  ]);
  return [
    ['Departemen', department],
    ['Tahun Ajaran', year],
    ['Periode KBM', period],
    ['Tingkat', level],
    ['Kelas', klass],
    ['Dari Bulan', q.mm_from ? monthName(q.mm_from) : ALL_LABEL],
    ['Sampai Bulan', q.mm_to ? monthName(q.mm_to) : ALL_LABEL],
  ];
}
