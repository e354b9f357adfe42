/**
 * Admission (PSB) and transfer (mutasi) prospects, docs/screens.md, docs/data.md, api/ROUTES.md: the events, the prospect as
 * the list and show page read it, the list and XLS query, and the registration status update.
 */
import * as v from 'valibot';
import type { NamedRef, PersonProfile } from './profile';
import { listQueryEntries, optionalQueryId, optionalQueryInt } from './query';

/** Event types (stype): 1 admission (Calon Siswa, PSB), 2 transfer (Calon Siswa Pindahan, mutasi). */
export const STYPE_ADMISSION = 1;
export const STYPE_TRANSFER = 2;
export const PSB_EVENT_STYPES = [STYPE_ADMISSION, STYPE_TRANSFER] as const;
export type PsbEventStype = (typeof PSB_EVENT_STYPES)[number];

/** `GET /api/psb-event` rows: an admission or transfer event of a department for one entry year. */
export interface PsbEvent {
  id: number;
  department_id: number;
  psb_event_stype_id: number;
  /** Entry year the event admits for. */
  yoe: number;
  code: string;
  name: string;
  start_date: string;
  end_date: string;
  /** 1 open. */
  status: number;
  psb_event_stype: NamedRef;
}

/** What a prospect's list row and show page know of its bill (the Lunas / Belum Lunas column). */
export interface ProspectiveBillingSummary {
  id: number;
  bill_number: string;
  bill_date: string;
  total_amount: number;
  total_payment: number;
  total_billing: number;
  /** 1 Lunas, 0 Belum Lunas. */
  payment_status: number;
}

/** `GET /api/psb-event-prospective/{id}` and each row of the list. */
export interface PsbEventProspective extends PersonProfile {
  id: number;
  reg_number: string;
  name: string;
  yoe: number;
  department_id: number;
  psb_event_id: number;
  psb_event_stype_id: number;
  /** 0 Pending, 1 Data Terkirim, 2 Data Terverifikasi, 3 Lulus Seleksi, 4 Diterima, 5 Tidak Diterima. */
  registration_status: number;
  /** The student the prospect became, once admitted. */
  student_id: number | null;
  department: NamedRef;
  psb_event: { id: number; code: string; name: string };
  psb_event_stype: NamedRef;
  /** The prospect's bill; null while none was made (Pending). */
  prospective_billing: ProspectiveBillingSummary | null;
}

/** Sort columns of the prospect list (`orderby`); default id, ascending (docs/money.md#constants-and-limits). */
export const PROSPECT_ORDER_FIELDS = ['id', 'name', 'reg_number', 'registration_status'] as const;
export type ProspectOrderField = (typeof PROSPECT_ORDER_FIELDS)[number];

/**
 * Query of `GET /api/psb-event-prospective` (paged) and `GET /api/psb-event-prospective-xls` (every row of
 * the same filter). Absent or empty filters filter nothing.
 */
export interface ProspectListQuery {
  deptId?: number;
  psb_event_id?: number;
  registration_status?: number;
  yoe?: number;
  stype?: PsbEventStype;
  q?: string;
  page?: number;
  limit?: number;
  orderby?: ProspectOrderField;
  sort?: 'asc' | 'desc';
}

/** Statuses the finance screens may set and leave (docs/data.md: "Editable statuses are 0 to 3"). */
export const EDITABLE_REGISTRATION_STATUSES: readonly number[] = [0, 1, 2, 3];
export const REGISTRATION_STATUS_NOT_EDITABLE =
  'Status pendaftaran hanya dapat diubah ke Pending, Data Terkirim, Data Terverifikasi atau Lulus Seleksi';

/** `POST /api/psb-event-prospective-xupdate/{id}`: `{field: 'registration_status', value}`. */
export const ProspectXUpdateSchema = v.object({
  field: v.literal('registration_status', 'Kolom yang diubah harus registration_status'),
  value: v.pipe(
    v.number('Status pendaftaran tidak valid'),
    v.integer('Status pendaftaran tidak valid'),
    v.check((value) => EDITABLE_REGISTRATION_STATUSES.includes(value), REGISTRATION_STATUS_NOT_EDITABLE),
  ),
});
export type ProspectXUpdate = v.InferInput<typeof ProspectXUpdateSchema>;

/**
 * Entry-year choices (docs/money.md#constants-and-limits): from `above` years after the current year down to `below` years before
 * it, newest first. Prospects: 2 above, 5 below; elsewhere 1 above, 9 below. The default is the current year.
 */
export function entryYearChoices(currentYear: number, { above, below }: { above: number; below: number }) {
  const years: number[] = [];
  for (let year = currentYear + above; year >= currentYear - below; year--) years.push(year);
  return years;
}
export const PROSPECT_YEAR_RANGE = { above: 2, below: 5 } as const;

/**
 * The entry year a prospect screen starts at: this year when the branch has events in it, else the latest year
 * that has events (admissions in November are for next year's entry), else this year. `withEvents` is what
 * `GET /api/psb-event-years` answers.
 */
export function entryYearWithData(currentYear: number, withEvents: readonly number[]): number {
  if (withEvents.includes(currentYear)) return currentYear;
  return withEvents.length > 0 ? Math.max(...withEvents) : currentYear;
}
export const OTHER_YEAR_RANGE = { above: 1, below: 9 } as const;

/** The list's payment column (docs/screens.md): Lunas when the prospect's bill is paid, else Belum Lunas (also without a bill). */
export const prospectPaymentLabel = (prospect: Pick<PsbEventProspective, 'prospective_billing'>): string =>
  prospect.prospective_billing?.payment_status === 1 ? 'Lunas' : 'Belum Lunas';

/** Headers of the XLS download's columns, in order (the file's first row). */
export const PROSPECT_XLS_HEADERS = [
  'No',
  'No. Registrasi',
  'Nama Lengkap',
  'Event',
  'Tipe',
  'Departemen',
  'Tahun Masuk',
  'Jenis Kelamin',
  'Tempat Lahir',
  'Tanggal Lahir',
  'Kewarganegaraan',
  'NIK',
  'Agama',
  'Suku',
  'Nama Ayah',
  'Nama Ibu',
  'Nama Wali',
  'Alamat',
  'Asal Sekolah',
  'NISN',
  'Kontak Darurat',
  'Telepon Kontak Darurat',
  'Status Pendaftaran',
  'No. Billing',
  'Total Biaya',
  'Pembayaran',
  'Sisa Tagihan',
  'Status Pembayaran',
] as const;

const PROSPECT_FILTER_ENTRIES = {
  deptId: optionalQueryId('Departemen'),
  psb_event_id: optionalQueryId('Event'),
  registration_status: optionalQueryInt('Status pendaftaran', 0, 5),
  yoe: optionalQueryInt('Tahun Masuk', 1900, 2100),
  stype: optionalQueryInt('Tipe event', 1, 2),
};

/** `GET /api/psb-event-prospective`: the filters plus paging, search and order. */
export const ProspectListQuerySchema = v.object({
  ...PROSPECT_FILTER_ENTRIES,
  ...listQueryEntries(PROSPECT_ORDER_FIELDS),
});

const { page: _page, limit: _limit, ...PROSPECT_DOWNLOAD_ORDER } = listQueryEntries(PROSPECT_ORDER_FIELDS);

/** `GET /api/psb-event-prospective-xls`: the list's filters, search and order, unpaged. */
export const ProspectDownloadQuerySchema = v.object({
  ...PROSPECT_FILTER_ENTRIES,
  ...PROSPECT_DOWNLOAD_ORDER,
});

/** `GET /api/psb-event`: the events, paged. */
export const PsbEventQuerySchema = v.object({
  deptId: optionalQueryId('Departemen'),
  yoe: optionalQueryInt('Tahun Masuk', 1900, 2100),
  stype: optionalQueryInt('Tipe event', 1, 2),
  ...listQueryEntries(['id', 'code', 'name', 'yoe', 'start_date']),
});

/** `GET /api/psb-event-years`: the years the events start in. */
export const PsbEventYearsQuerySchema = v.object({
  deptId: optionalQueryId('Departemen'),
  stype: optionalQueryInt('Tipe event', 1, 2),
});
