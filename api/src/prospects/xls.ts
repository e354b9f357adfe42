/**
 * The prospect download (`GET /api/psb-event-prospective-xls`): a real .xlsx (lib/xlsx.ts, exceljs), one row
 * per prospect of the filter, headed by the contract's PROSPECT_XLS_HEADERS. Money as whole numbers in a
 * rupiah format, dates as dates, codes as their labels.
 */
import {
  citizenshipLabel,
  GENDERS,
  labelOf,
  PROSPECT_XLS_HEADERS,
  type PsbEventProspective,
  prospectPaymentLabel,
  REGISTRATION_STATUSES,
} from '@keuangan/shared/contract';
import {
  addTableSheet,
  type Cell,
  dateCell,
  newWorkbook,
  type SheetColumn,
  workbookBuffer,
} from '../lib/xlsx';

/** The row of one prospect, in the order of PROSPECT_XLS_HEADERS. */
function rowOf(p: PsbEventProspective, index: number): Cell[] {
  const bill = p.prospective_billing;
  return [
    index + 1,
    p.reg_number,
    p.name,
    p.psb_event.code,
    p.psb_event_stype.name,
    p.department.name,
    p.yoe,
    labelOf(GENDERS, p.gender_id),
    p.birth_place,
    dateCell(p.birth_date),
    citizenshipLabel(p.citizenship),
    p.nik,
    p.religion?.name ?? null,
    p.ethnic?.name ?? null,
    p.father,
    p.mother,
    p.guardian,
    p.address_full,
    p.prev_school_name,
    p.prev_nisn,
    p.emergency_contact_name,
    p.emergency_contact_phone,
    labelOf(REGISTRATION_STATUSES, p.registration_status),
    bill?.bill_number ?? null,
    bill?.total_amount ?? null,
    bill?.total_payment ?? null,
    bill?.total_billing ?? null,
    prospectPaymentLabel(p),
  ];
}

const MONEY_COLUMNS: readonly string[] = ['Total Biaya', 'Pembayaran', 'Sisa Tagihan'];
const WIDE_COLUMNS: readonly string[] = ['Nama Lengkap', 'Alamat', 'Asal Sekolah', 'Event'];

/** The sheet's columns: each header reads its place in the row. */
const COLUMNS: SheetColumn<Cell[]>[] = PROSPECT_XLS_HEADERS.map((header, i) => ({
  header,
  value: (row) => row[i] ?? null,
  kind: MONEY_COLUMNS.includes(header) ? 'money' : header === 'Tanggal Lahir' ? 'date' : 'text',
  width: WIDE_COLUMNS.includes(header) ? 32 : Math.max(10, header.length + 4),
}));

/** The workbook's bytes. `title` names the sheet (at most 31 characters, as spreadsheets require). */
export async function prospectWorkbook(title: string, prospects: PsbEventProspective[]): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(workbook, title, COLUMNS, prospects.map(rowOf));
  return workbookBuffer(workbook);
}
