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
import { DATE_FORMAT, dateCell, newWorkbook, RUPIAH_FORMAT, workbookBuffer } from '../lib/xlsx';

/** The row of one prospect, in the order of PROSPECT_XLS_HEADERS. */
function rowOf(p: PsbEventProspective, index: number): (string | number | Date | null)[] {
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

const MONEY_COLUMNS = ['Total Biaya', 'Pembayaran', 'Sisa Tagihan'];

/** The workbook's bytes. `title` names the sheet (at most 31 characters, as spreadsheets require). */
export async function prospectWorkbook(title: string, prospects: PsbEventProspective[]): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PROSPECT_XLS_HEADERS.map((header) => ({
    header,
    key: header,
    width: Math.max(10, header.length + 4),
    style: MONEY_COLUMNS.includes(header)
      ? { numFmt: RUPIAH_FORMAT }
      : header === 'Tanggal Lahir'
        ? { numFmt: DATE_FORMAT }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(prospects.map(rowOf));
  for (const key of ['Nama Lengkap', 'Alamat', 'Asal Sekolah', 'Event']) sheet.getColumn(key).width = 32;
  return workbookBuffer(workbook);
}
