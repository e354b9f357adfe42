/** The CSV of Pengingat Tagihan: one line per student, the number and the message for bulk sending. */
import type { BillReminderStudent } from '@keuangan/shared';

const HEADER = ['NIS', 'Nama Siswa', 'Kelas', 'Orang Tua', 'Nomor WhatsApp', 'Total Terlambat', 'Pesan'];

/** Every field quoted, quotes doubled (RFC 4180), so commas and line breaks of the message stay in their cell. */
const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/** The CSV text; a number that is not an Indonesian mobile number is left empty. */
export function remindersCsv(
  rows: readonly BillReminderStudent[],
  messageOf: (row: BillReminderStudent) => string,
): string {
  const lines = rows.map((row) =>
    [row.nis, row.name, row.class_name, row.parent_name ?? '', row.phone ?? '', row.total, messageOf(row)]
      .map(cell)
      .join(','),
  );
  return `${[HEADER.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}

/** Saves the text as a file (a CSV made here, not by the API). */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  // The byte-order mark makes spreadsheet programs read the names as UTF-8.
  const href = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
