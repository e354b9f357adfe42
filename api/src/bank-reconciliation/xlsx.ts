/**
 * The month's reconciliation as a workbook (docs/bank-reconciliation.md "Overview"): a sheet of figures and a sheet
 * of lines with status, student, payment numbers and reason. Rupiah are numbers (lib/xlsx.ts formats them).
 */
import type { BankOverview } from '@keuangan/shared/contract';
import { addTableSheet, dateCell, newWorkbook, workbookBuffer } from '../lib/xlsx';
import type { ExportRow } from './month';

/** Whether the computed closing balance is the statement's, in words. */
export const matchText = (o: BankOverview) =>
  o.balance_matches === null
    ? 'belum dapat dicek'
    : o.balance_matches
      ? 'sesuai rekening koran'
      : 'tidak sesuai rekening koran';

/** `heading`: the account and month as label/value lines, on top of both sheets. */
export function bankReconciliationWorkbook(
  overview: BankOverview,
  rows: ExportRow[],
  heading: [string, string][],
): Promise<Buffer> {
  const workbook = newWorkbook();
  const title = 'Rekonsiliasi Bank';
  const figures: { label: string; count: number | null; amount: number | null }[] = [
    { label: 'Mutasi diimpor', ...overview.imported },
    { label: 'Cocok', ...overview.cocok },
    { label: 'Belum Cocok', ...overview.belum_cocok },
    { label: 'Diposting', ...overview.posted },
    { label: 'Di antaranya saldo titipan', count: null, amount: overview.credited },
    { label: 'Saldo awal', count: null, amount: overview.opening_balance },
    { label: '+ Kredit', ...overview.imported },
    { label: '− Debet', ...overview.debited },
    { label: `= Saldo akhir (${matchText(overview)})`, count: null, amount: overview.computed_closing },
    { label: 'Saldo akhir rekening koran', count: null, amount: overview.closing_balance },
    { label: 'Diterima menurut Keuangan', count: null, amount: overview.received },
    { label: 'Selisih (kredit belum diposting)', count: null, amount: overview.difference },
  ];
  addTableSheet(
    workbook,
    'Ringkasan',
    [
      { header: 'Uraian', value: (r) => r.label, width: 30 },
      { header: 'Jumlah Mutasi', value: (r) => r.count, kind: 'number' },
      { header: 'Nominal', value: (r) => r.amount, kind: 'money', width: 20 },
    ],
    figures,
    { title, filter: heading },
  );
  addTableSheet(
    workbook,
    'Mutasi',
    [
      { header: 'Tanggal', value: (r) => dateCell(r.date), kind: 'date' },
      { header: 'Keterangan', value: (r) => r.description, width: 40 },
      { header: 'Nominal', value: (r) => r.amount, kind: 'money', width: 18 },
      { header: 'Saldo', value: (r) => r.balance, kind: 'money', width: 18 },
      { header: 'Status', value: (r) => r.status },
      { header: 'Siswa', value: (r) => r.students, width: 30 },
      { header: 'No. Pembayaran', value: (r) => r.payments, width: 22 },
      { header: 'Saldo Titipan', value: (r) => r.credit || null, kind: 'money', width: 18 },
      { header: 'Alasan', value: (r) => r.reason, width: 50 },
    ],
    rows,
    { title, filter: heading },
  );
  return workbookBuffer(workbook);
}
