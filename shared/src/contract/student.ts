/**
 * Students (Siswa), docs/screens.md, docs/data.md, api/ROUTES.md: the student as the list, the class list and the show page read
 * it, the list queries, and the add and edit payloads (api/ROUTES.md, "Students").
 */
import * as v from 'valibot';
import { optionalId, optionalPastDate, optionalText, phoneChars, requiredId, requiredText } from './fields';
import type { NamedRef, PersonProfile } from './profile';
import { listQueryEntries, optionalQueryId, optionalQueryInt } from './query';

/** A class a student sits in, with its year of study. */
export interface StudentClassRef {
  id: number;
  name: string;
  year_of_study: NamedRef;
}

/** `GET /api/student/{id}`, each row of `GET /api/student` and of `GET /api/student-by-class`. */
export interface Student extends PersonProfile {
  id: number;
  nis: string;
  nisn: string | null;
  name: string;
  /** Year of entry. */
  yoe: number;
  /** 1 aktif, 2 lulus, 3 keluar. */
  study_status: number;
  department_id: number;
  batch_id: number | null;
  department: NamedRef;
  batch: NamedRef | null;
  /** The class of the year of study that holds today (the branch's time zone); null: '-'. */
  current_class: StudentClassRef | null;
  /** Every class the student has been in, newest year first (`class_student[0].the_class.name`). */
  class_student: { the_class: StudentClassRef }[];
}

/** Sort columns of the student lists (`orderby`); default id (`ROUTES.people.students`) or name (`studentsByClass`). */
export const STUDENT_ORDER_FIELDS = ['id', 'name', 'nis', 'birth_date', 'yoe'] as const;
export type StudentOrderField = (typeof STUDENT_ORDER_FIELDS)[number];

/** `GET /api/student` as the server reads it (`StudentListQuery`, strings in the query). */
export const StudentListQuerySchema = v.object({
  deptId: optionalQueryId('Departemen'),
  batch_id: optionalQueryId('Angkatan'),
  study_status: optionalQueryInt('Status siswa', 1, 3),
  ...listQueryEntries(STUDENT_ORDER_FIELDS),
});

const CLASS_REQUIRED = 'Kelas tidak boleh kosong';
const { orderby: _orderby, ...BY_CLASS_ENTRIES } = listQueryEntries(STUDENT_ORDER_FIELDS);

/** `GET /api/student-by-class`: a class's students, paged. */
export const StudentsByClassQuerySchema = v.object({
  class_id: v.pipe(
    v.string(CLASS_REQUIRED),
    v.trim(),
    v.nonEmpty(CLASS_REQUIRED),
    v.regex(/^[1-9]\d{0,8}$/, 'Kelas tidak valid'),
    v.transform(Number),
  ),
  ...BY_CLASS_ENTRIES,
  // Class students are listed by name unless asked otherwise (docs/money.md#constants-and-limits).
  orderby: v.optional(v.picklist(STUDENT_ORDER_FIELDS, 'Urutan tidak valid'), 'name'),
});

/** Query of `GET /api/student` (paged). */
export interface StudentListQuery {
  deptId?: number;
  batch_id?: number;
  /** 1 aktif (the list's default, docs/money.md#constants-and-limits), 2 lulus, 3 keluar; absent: all. */
  study_status?: number;
  q?: string;
  page?: number;
  limit?: number;
  orderby?: StudentOrderField;
  sort?: 'asc' | 'desc';
}

/** Query of `GET /api/student-by-class` (paged): the class is required. */
export interface StudentByClassQuery {
  class_id: number;
  q?: string;
  page?: number;
  limit?: number;
  orderby?: StudentOrderField;
  sort?: 'asc' | 'desc';
}

/** What the school office corrects on a student (Edit Siswa): identity, parents, address and contact. */
const studentEditFields = {
  name: requiredText('Nama Tidak Boleh Kosong', 'Nama', 150),
  gender_id: v.picklist([1, 2], 'Jenis Kelamin Tidak Boleh Kosong'),
  birth_place: optionalText('Tempat Lahir', 100),
  birth_date: optionalPastDate('Tanggal Lahir tidak valid'),
  nik: optionalText('NIK', 16, [/^(\d{16})?$/, 'NIK harus 16 digit angka']),
  nisn: optionalText('NISN', 10, [/^(\d{10})?$/, 'NISN harus 10 digit angka']),
  address_full: optionalText('Alamat', 500),
  father: optionalText('Nama Ayah', 150),
  mother: optionalText('Nama Ibu', 150),
  guardian: optionalText('Nama Wali', 150),
  emergency_contact_name: optionalText('Nama Kontak Darurat', 150),
  emergency_contact_phone: optionalText('No. Telepon Kontak Darurat', 30, phoneChars('No. Telepon')),
  emergency_contact_email: optionalText('Email Kontak Darurat', 150, [
    /^([^\s@]+@[^\s@]+\.[^\s@]+)?$/,
    'Email tidak valid',
  ]),
};

/** `PUT /api/student/{id}` (Edit Siswa). Department, NIS, year of entry and classes do not change here. */
export const StudentUpdateSchema = v.object(studentEditFields);
export type StudentUpdateRequest = v.InferInput<typeof StudentUpdateSchema>;
export type StudentUpdateValues = v.InferOutput<typeof StudentUpdateSchema>;

/**
 * `POST /api/student`: a student entered by hand (not admitted through a prospect). The batch (Angkatan) is
 * the department's of the year of entry, made when missing; `class_id`, when given, places the student in a
 * class of the department, within its capacity.
 */
export const StudentCreateSchema = v.object({
  ...studentEditFields,
  department_id: requiredId('Departemen Tidak Boleh Kosong'),
  nis: v.pipe(
    requiredText('NIS Tidak Boleh Kosong', 'NIS', 30),
    v.regex(/^\d+$/, 'NIS hanya boleh berisi angka'),
  ),
  yoe: v.pipe(
    v.number('Tahun Masuk Tidak Boleh Kosong'),
    v.integer('Tahun Masuk tidak valid'),
    v.minValue(1950, 'Tahun Masuk tidak valid'),
    v.maxValue(2100, 'Tahun Masuk tidak valid'),
  ),
  class_id: optionalId('Kelas tidak valid'),
});
export type StudentCreateRequest = v.InferInput<typeof StudentCreateSchema>;
export type StudentCreateValues = v.InferOutput<typeof StudentCreateSchema>;
