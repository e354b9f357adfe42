/**
 * The two billing PDFs: one bill (Billing Detail) and a student's bills (Semua Tagihan, by default the
 * confirmed unpaid ones). Amounts in whole rupiah.
 */
import { formatRupiah, groupedNumber, type StudentBillingDetail } from '@keuangan/shared/contract';
import { monthName } from '../../lib/month';
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
} from '../../lib/pdf';

/** The item table: No., Komponen, Biaya, Diskon, Ditanggung, Qty., Pembayaran, Sisa Tagihan. */
const COLUMNS: PdfColumn[] = [
  { title: 'No.', width: 22, align: 'left' },
  { title: 'Komponen', width: 138, align: 'left' },
  { title: 'Biaya', width: 65, align: 'right' },
  { title: 'Diskon', width: 55, align: 'right' },
  { title: 'Ditanggung', width: 60, align: 'right' },
  { title: 'Qty.', width: 25, align: 'right' },
  { title: 'Pembayaran', width: 70, align: 'right' },
  { title: 'Sisa Tagihan', width: 80, align: 'right' },
];

const row = (doc: PDFKit.PDFDocument, cells: string[], bold = false) => tableRow(doc, COLUMNS, cells, bold);

function itemTable(doc: PDFKit.PDFDocument, bill: StudentBillingDetail) {
  row(
    doc,
    COLUMNS.map((c) => c.title),
    true,
  );
  bill.student_billing_items.forEach((item, i) => {
    row(doc, [
      String(i + 1),
      `${item.student_fee_component.name} (${item.fee_type.name})`,
      groupedNumber(item.total_amount),
      groupedNumber(item.total_discount),
      groupedNumber(item.total_bail),
      String(item.qty),
      groupedNumber(item.total_payment),
      groupedNumber(item.total_billing),
    ]);
  });
  row(
    doc,
    [
      '',
      'Total',
      groupedNumber(bill.total_amount),
      groupedNumber(bill.total_discount),
      groupedNumber(bill.total_bail),
      '',
      groupedNumber(bill.total_payment),
      groupedNumber(bill.total_billing),
    ],
    true,
  );
  doc.moveDown(0.5);
}

const statusText = (bill: StudentBillingDetail) =>
  `${bill.payment_status === 1 ? 'Lunas' : 'Belum Lunas'} / ${bill.form_status === 1 ? 'Terkonfirmasi' : 'Belum Konfirmasi'}`;

/** Jatuh Tempo, and how late when it is (docs/money.md "Due dates and arrears"). */
const dueText = (bill: StudentBillingDetail) =>
  `${dateName(bill.due_date)}${bill.overdue_days > 0 ? ` (terlambat ${bill.overdue_days} hari)` : ''}`;

/** `GET /api/student-billing-pdf/{id}`: one bill with its items, totals and standing payments. */
export function billPdf(branch: PdfBranch, bill: StudentBillingDetail): Promise<Buffer> {
  return render((doc) => {
    header(doc, branch, 'Tagihan Billing Siswa');
    fields(doc, [
      ['No. Billing', bill.bill_number],
      ['Tanggal', dateName(bill.bill_date)],
      ['Jatuh Tempo', dueText(bill)],
      ['Nama Siswa', bill.student.name],
      ['NIS', bill.student.nis],
      ['Departemen', bill.department.name],
      ['Kelas', bill.class.name],
      ['Tahun Ajaran', bill.year_of_study.name],
      ['Periode KBM', bill.yos_periode.periode.name],
      ['Bulan', monthName(bill.mm)],
      ['Tipe Billing', bill.type === 1 ? 'Utama' : 'Extra'],
      ['Status', statusText(bill)],
    ]);
    itemTable(doc, bill);
    const standing = bill.student_billing_payments.filter((p) => !p.is_void);
    if (standing.length) {
      doc.font('Helvetica-Bold').fontSize(9).text('Riwayat Pembayaran', LEFT, doc.y, { width: WIDTH });
      doc.font('Helvetica').fontSize(8.5);
      for (const p of standing) {
        doc.text(`${p.payment_number}  ${dateName(p.payment_date)}  ${formatRupiah(p.amount)}`, {
          width: WIDTH,
        });
      }
      doc.moveDown(0.5);
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Sisa Tagihan: ${formatRupiah(bill.total_billing)}`, LEFT, doc.y, {
        width: WIDTH,
        align: 'right',
      });
  }, `Billing ${bill.bill_number}`);
}

/** `GET /api/student-billing-pdf`: every bill asked for, one after the other, and what is left on them all. */
export function billsPdf(
  branch: PdfBranch,
  student: { name: string; nis: string },
  department: string,
  bills: StudentBillingDetail[],
): Promise<Buffer> {
  return render((doc) => {
    header(doc, branch, 'Semua Tagihan Siswa');
    fields(doc, [
      ['Nama Siswa', student.name],
      ['NIS', student.nis],
      ['Departemen', department],
      ['Jumlah Billing', String(bills.length)],
    ]);
    if (bills.length === 0) doc.font('Helvetica').fontSize(9).text('Tidak ada tagihan.', { width: WIDTH });
    for (const bill of bills) {
      if (doc.y > 700) doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .text(
          `${bill.bill_number} - ${monthName(bill.mm)} - ${bill.type === 1 ? 'Utama' : 'Extra'} - Kelas ${bill.class.name} - Jatuh Tempo ${dueText(bill)}`,
          LEFT,
          doc.y,
          { width: WIDTH },
        );
      itemTable(doc, bill);
    }
    const total = bills.reduce((sum, b) => sum + b.total_billing, 0);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Total Sisa Tagihan: ${formatRupiah(total)}`, LEFT, doc.y, {
        width: WIDTH,
        align: 'right',
      });
  }, `Semua Tagihan ${student.name}`);
}
