/**
 * Surat Tagihan (docs/screens.md#pengingat-tagihan): a letter to the parents of each student with overdue bills,
 * one page each, with the school's header of the bill PDFs, the student, the months and the total in figures and
 * words, and the reminder's own wording (the contract's `reminderMessage`, the one message). A4 portrait.
 */
import {
  type BillReminderStudent,
  formatRupiah,
  REMINDER_LETTER_TITLE,
  reminderMessage,
  reminderMonthName,
  rupiahInWords,
} from '@keuangan/shared/contract';
import { dateName, fields, header, LEFT, type PdfBranch, render, WIDTH } from '../lib/pdf';

/** `GET /api/bill-reminder-letters-pdf`: the letters of these students, dated `today` (the branch's). */
export function reminderLettersPdf(
  branch: PdfBranch,
  students: BillReminderStudent[],
  today: string,
): Promise<Buffer> {
  return render((doc) => {
    students.forEach((student, index) => {
      if (index > 0) doc.addPage();
      header(doc, branch, REMINDER_LETTER_TITLE);
      fields(doc, [
        ['Tanggal', dateName(today)],
        ['Kepada', `Orang Tua/Wali ${student.parent_name ?? ''}`.trim()],
        ['Nama Siswa', student.name],
        ['NIS', student.nis],
        ['Kelas', student.class_name],
        ['Bulan', student.months.map(reminderMonthName).join(', ')],
        ['Terlambat', `${student.overdue_days} hari`],
      ]);
      doc.moveDown(0.5);
      const message = reminderMessage({
        student_name: student.name,
        class_name: student.class_name,
        months: student.months,
        total: student.total,
        school_name: branch.name,
      });
      doc.font('Helvetica').fontSize(10).text(message, LEFT, doc.y, { width: WIDTH });
      doc.moveDown(0.5);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(`Total Tunggakan: ${formatRupiah(student.total)}`, LEFT, doc.y, { width: WIDTH });
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .text(`Terbilang: ${rupiahInWords(student.total)}`, LEFT, doc.y, { width: WIDTH });
    });
  }, REMINDER_LETTER_TITLE);
}
