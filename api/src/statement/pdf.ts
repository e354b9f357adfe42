/**
 * Rekening Siswa as a PDF a parent can read (docs/screens.md#rekening-siswa): the school's header of the bill
 * PDFs, the student and the period, every line with the balance after it, the totals, and what is owed in
 * words. A4 portrait, whole rupiah.
 */
import {
  formatRupiah,
  groupedNumber,
  rupiahInWords,
  STATEMENT_TITLE,
  type StudentStatement,
  statementAmounts,
} from '@keuangan/shared/contract';
import {
  dateName,
  fields,
  header,
  LEFT,
  type PdfBranch,
  type PdfColumn,
  render,
  tableRow,
  WIDTH,
} from '../lib/pdf';

// Discounts and ditanggung have their own column, apart from payments (docs/screens.md#rekening-siswa).
const COLUMNS: PdfColumn[] = [
  { title: 'Tanggal', width: 52, align: 'left' },
  { title: 'Keterangan', width: 139, align: 'left' },
  { title: 'No. Dokumen', width: 96, align: 'left' },
  { title: 'Tagihan', width: 56, align: 'right' },
  { title: 'Potongan', width: 56, align: 'right' },
  { title: 'Pembayaran', width: 56, align: 'right' },
  { title: 'Saldo', width: 60, align: 'right' },
];

const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const amountOrBlank = (amount: number) => (amount === 0 ? '' : groupedNumber(amount));

/** `GET /api/student-statement-pdf`: the statement of one student for a period. */
export function statementPdf(branch: PdfBranch, statement: StudentStatement): Promise<Buffer> {
  const { student, period, lines, totals } = statement;
  return render((doc) => {
    header(doc, branch, STATEMENT_TITLE);
    fields(doc, [
      ['Nama Siswa', student.name],
      ['NIS', student.nis],
      ['Departemen', student.department],
      ['Periode', `${dateName(period.from)} s.d. ${dateName(period.to)}`],
    ]);
    tableRow(
      doc,
      COLUMNS,
      COLUMNS.map((column) => column.title),
      true,
    );
    for (const line of lines) {
      const { charge, deduction, payment } = statementAmounts(line);
      tableRow(
        doc,
        COLUMNS,
        [
          shortDate(line.date),
          line.description,
          line.reference ?? '',
          amountOrBlank(charge),
          amountOrBlank(deduction),
          amountOrBlank(payment),
          groupedNumber(line.balance),
        ],
        line.kind === 'opening' || line.kind === 'bill',
      );
    }
    doc.moveDown(0.5);
    fields(doc, [
      ['Saldo Awal', formatRupiah(totals.opening)],
      ['Total Tagihan', formatRupiah(totals.charged)],
      ['Diskon/Ditanggung', formatRupiah(totals.deducted)],
      ['Total Pembayaran', formatRupiah(totals.paid)],
      ['Pembayaran Dibatalkan', formatRupiah(totals.voided)],
      // The student's credit, apart from what is owed (docs/money.md "Saldo Titipan"): only when there is some.
      ...(totals.credit ? ([['Saldo Titipan', formatRupiah(totals.credit)]] as [string, string][]) : []),
    ]);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Sisa Tagihan: ${formatRupiah(totals.owed)}`, LEFT, doc.y, { width: WIDTH });
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text(`Terbilang: ${rupiahInWords(totals.owed)}`, LEFT, doc.y, { width: WIDTH });
  }, `${STATEMENT_TITLE} ${student.name}`);
}
