/**
 * Staff (Pegawai), docs/data.md, docs/validation.md, api/ROUTES.md: the employee record, the list query, the add and edit
 * payloads (valibot, with the messages of docs/validation.md: the forms and the API validate with these same schemas) and
 * the photo rules.
 */
import * as v from 'valibot';
import type { BranchRef, Role } from './auth';
import { DEFAULT_EMPLOYEE_PHOTO_PATH } from './common';
import { digitsOnly, optionalPastDate, optionalText, phoneChars, requiredId } from './fields';
import { listQueryEntries } from './query';
import { ROLE_SLUGS } from './roles';

/** `GET /api/employee/{id}`, each row of `GET /api/employee`, and what add, edit and photo upload return. */
export interface Employee {
  id: number;
  nip: string | null;
  nip_pns: string | null;
  name: string;
  initial_degree: string | null;
  final_degree: string | null;
  /** 1 Laki-Laki, 2 Perempuan. */
  gender_id: number;
  religion_id: number | null;
  ethnic_id: number | null;
  /** 1 Sudah, 2 Belum, 99 Tidak Ditentukan. */
  marital_status_id: number | null;
  birth_place: string | null;
  /** 'YYYY-MM-DD'. */
  birth_date: string | null;
  nik: string | null;
  phone: string | null;
  address: string | null;
  /** Photo file name under /uploads/employees, or null (show the default photo). */
  pics: string | null;
  /** 1 active, anything else inactive. */
  status: number;
  /** The staff member's sign-in account: username, every role, the branches (of the caller's client). */
  user: { uname: string; roles: Role[]; branches: BranchRef[] };
  religion: { name: string } | null;
  ethnic: { name: string } | null;
}

/** Sort columns of `GET /api/employee` (`orderby`); `sort` is 'asc' or 'desc'. Default name, asc. */
export const EMPLOYEE_ORDER_FIELDS = ['name', 'uname', 'nip', 'id'] as const;

/** `GET /api/employee`: paging, search and order. */
export const EmployeeListQuerySchema = v.object(listQueryEntries(EMPLOYEE_ORDER_FIELDS));
export type EmployeeOrderField = (typeof EMPLOYEE_ORDER_FIELDS)[number];

/** Query of `GET /api/employee`: search over name, username and NIP; page (1-based) and limit (1-100, default 10). */
export interface EmployeeListQuery {
  q?: string;
  page?: number;
  limit?: number;
  orderby?: EmployeeOrderField;
  sort?: 'asc' | 'desc';
}

/** The front-end module a staff form belongs to: its role rules apply. This product is the finance module. */
export const EMPLOYEE_FORM_MODULE = 'fin';

export const CHOICE_REQUIRED = 'Harap pilih salah satu';
export const BRANCH_REQUIRED = 'Harap pilih cabang minimal satu';
/** Our wording for an edit without a role (docs/validation.md). */
export const ROLE_REQUIRED = 'Harap pilih role minimal satu';

/**
 * Longest NIP the add form accepts: the server's numbering (`{year}{number}`) counts numbers of up to 12
 * digits, well inside what a JavaScript number holds exactly.
 */
export const NIP_MAX_DIGITS = 16;

const employeeFields = {
  name: v.pipe(
    v.string('Nama Tidak Boleh Kosong'),
    v.trim(),
    v.nonEmpty('Nama Tidak Boleh Kosong'),
    v.maxLength(150, 'Nama maksimal 150 karakter'),
  ),
  initial_degree: optionalText('Gelar Awal', 30),
  final_degree: optionalText('Gelar Akhir', 30),
  gender_id: v.picklist([1, 2], CHOICE_REQUIRED),
  religion_id: requiredId('Agama Tidak Boleh Kosong'),
  ethnic_id: requiredId('Suku Tidak Boleh Kosong'),
  /** Ids of branches; only the caller's own branches are accepted by the server. Duplicates are dropped. */
  branch_ids: v.pipe(
    v.array(v.pipe(v.number('Cabang tidak valid'), v.integer('Cabang tidak valid')), BRANCH_REQUIRED),
    v.transform((ids: number[]) => [...new Set(ids)]),
    v.minLength(1, BRANCH_REQUIRED),
  ),
  fe: v.literal(EMPLOYEE_FORM_MODULE, 'Modul tidak valid'),
};

const roleSlugs = v.array(v.picklist(ROLE_SLUGS, 'Role tidak valid'), 'Role tidak valid');

/**
 * `POST /api/employee` ('Tambah Pegawai'). `nip` empty: the server numbers the staff member. `roles`: slugs of
 * `ASSIGNABLE_ROLES_ON_ADD`, only from users who may assign roles.
 */
export const EmployeeCreateSchema = v.object({
  ...employeeFields,
  nip: optionalText('NIP', NIP_MAX_DIGITS, digitsOnly('NIP'), 'digit'),
  marital_status_id: v.picklist([1, 2], CHOICE_REQUIRED),
  roles: v.optional(roleSlugs, []),
});
export type EmployeeCreateRequest = v.InferInput<typeof EmployeeCreateSchema>;
/** What the add payload becomes once validated (trimmed, empty texts null). */
export type EmployeeCreateValues = v.InferOutput<typeof EmployeeCreateSchema>;

/**
 * `PUT /api/employee/{id}` ('Edit Pegawai'). `roles`, when sent, is the staff member's whole role list: only
 * `ASSIGNABLE_ROLES_ON_EDIT` may differ from the stored ones, and only users who may assign roles send it;
 * absent leaves the roles as they are. `branch_ids` replaces the caller's branches only: the staff member's
 * other branches stay.
 */
export const EmployeeUpdateSchema = v.object({
  ...employeeFields,
  marital_status_id: v.picklist([1, 2, 99], CHOICE_REQUIRED),
  nip_pns: optionalText('NIP PNS', 30, digitsOnly('NIP PNS')),
  birth_place: optionalText('Tempat Lahir', 100),
  birth_date: optionalPastDate('Tanggal lahir tidak valid'),
  nik: optionalText('NIK', 20, digitsOnly('NIK')),
  phone: optionalText('No. Handphone', 30, phoneChars('No. Handphone')),
  address: optionalText('Alamat', 500),
  roles: v.optional(v.pipe(roleSlugs, v.minLength(1, ROLE_REQUIRED))),
});
export type EmployeeUpdateRequest = v.InferInput<typeof EmployeeUpdateSchema>;
export type EmployeeUpdateValues = v.InferOutput<typeof EmployeeUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Photo (docs/data.md, docs/validation.md, docs/money.md#constants-and-limits)

/** `POST /api/employee-photo/{id}`: multipart, the file in this field. */
export const EMPLOYEE_PHOTO_FIELD = 'pics';
export const EMPLOYEE_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const EMPLOYEE_PHOTO_TYPE_MESSAGE = 'File harus berupa jpg atau png';
/** Largest upload the server accepts (the screens send a 400 px JPEG of a few dozen KB). */
export const EMPLOYEE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const EMPLOYEE_PHOTO_TOO_LARGE_MESSAGE = 'Ukuran foto maksimal 2 MB';
/** The cropped photo: square, this wide, JPEG at this quality; the crop is at least this many source pixels. */
export const EMPLOYEE_PHOTO_WIDTH = 400;
export const EMPLOYEE_PHOTO_QUALITY = 0.92;
export const EMPLOYEE_PHOTO_MIN_CROP = 20;

/** Path of an employee's photo under the API's base address, or of the default photo. */
export const employeePhotoPath = (pics: string | null | undefined): string =>
  pics ? `/uploads/employees/${encodeURIComponent(pics)}` : DEFAULT_EMPLOYEE_PHOTO_PATH;
