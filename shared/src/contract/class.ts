/**
 * Classes (Kelas), docs/screens.md, docs/data.md, api/ROUTES.md: the class as the list and View Data Kelas read it, the list
 * query, and the add and edit payload (api/ROUTES.md, "Classes").
 */
import * as v from 'valibot';
import { optionalId, requiredId, requiredText } from './fields';
import type { NamedRef } from './profile';
import { listQueryEntries, optionalQueryId } from './query';

/** `GET /api/class/{id}` and each row of `GET /api/class`. */
export interface SchoolClass {
  id: number;
  name: string;
  capacity: number;
  department_id: number;
  level_id: number;
  year_of_study_id: number;
  /** The homeroom teacher (Wali Kelas). */
  employee_id: number | null;
  employee: NamedRef | null;
  department: NamedRef;
  level: NamedRef;
  year_of_study: NamedRef;
  /** Students placed in the class. */
  student_count: number;
}

/** Sort columns of the class list (`orderby`); default name, ascending (docs/money.md#constants-and-limits). */
export const CLASS_ORDER_FIELDS = ['name', 'id', 'capacity'] as const;
export type ClassOrderField = (typeof CLASS_ORDER_FIELDS)[number];

/** `GET /api/class` as the server reads it (`ClassListQuery`, strings in the query). */
export const ClassListQuerySchema = v.object({
  deptId: optionalQueryId('Departemen'),
  levelId: optionalQueryId('Tingkat'),
  yearofstudyId: optionalQueryId('Tahun Ajaran'),
  ...listQueryEntries(CLASS_ORDER_FIELDS),
});

/** Query of `GET /api/class` (paged), with the names other modules send. */
export interface ClassListQuery {
  deptId?: number;
  levelId?: number;
  yearofstudyId?: number;
  q?: string;
  page?: number;
  limit?: number;
  orderby?: ClassOrderField;
  sort?: 'asc' | 'desc';
}

/** The most students a class may hold. */
export const MAX_CLASS_CAPACITY = 200;

/** `POST /api/class` and `PUT /api/class/{id}` (Tambah / Ubah Kelas). */
export const ClassSchema = v.object({
  department_id: requiredId('Departemen Tidak Boleh Kosong'),
  level_id: requiredId('Tingkat Tidak Boleh Kosong'),
  year_of_study_id: requiredId('Tahun Ajaran Tidak Boleh Kosong'),
  name: requiredText('Nama Kelas Tidak Boleh Kosong', 'Nama Kelas', 50),
  employee_id: optionalId('Wali Kelas tidak valid'),
  capacity: v.pipe(
    v.number('Kapasitas Tidak Boleh Kosong'),
    v.integer('Kapasitas harus bilangan bulat'),
    v.minValue(1, 'Kapasitas minimal 1'),
    v.maxValue(MAX_CLASS_CAPACITY, `Kapasitas maksimal ${MAX_CLASS_CAPACITY}`),
  ),
});
export type ClassRequest = v.InferInput<typeof ClassSchema>;
export type ClassValues = v.InferOutput<typeof ClassSchema>;

/** docs/validation.md#admissions-students-and-classes: the class add button needs the three filters. */
export const CLASS_FILTER_WARNING = 'Harap pilih department, Tingkat dan Tahun Ajaran terlebih dahulu';
