import type { FakeRoutes } from './fake-api';

/**
 * The reference lists of the cascading filter for branch 1, as the fake API answers them: department SD, year
 * 2026/2027, its Semester Ganjil (July to December), Kelas 1 and class 1A. The fee and billing screens' tests
 * start from these (and add what they need).
 */
export const CLASS_MONTH_REFERENCES: FakeRoutes = {
  'GET /api/ref-department-getall': { body: [{ id: 1, name: 'SD', sequence: 1 }] },
  'GET /api/ref-year-of-study-getall': {
    body: [{ id: 11, name: '2026/2027', department_id: 1, start_date: '2026-07-01', end_date: '2027-06-30' }],
  },
  'GET /api/ref-level-getall': { body: [{ id: 101, name: 'Kelas 1', department_id: 1, sequence: 1 }] },
  'GET /api/ref-yos-periode-getall': {
    body: [
      {
        id: 111,
        year_of_study_id: 11,
        periode_id: 1,
        start_date: '2026-07-01',
        end_date: '2026-12-31',
        periode: { name: 'Semester Ganjil' },
      },
    ],
  },
  'GET /api/ref-class-getall': { body: [{ id: 1001, name: '1A', level_id: 101 }] },
};
