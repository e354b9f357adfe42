/**
 * The two billing PDFs (pdfkit, built-in Helvetica: no font files): one bill (Billing Detail) and a student's
 * bills (Semua Tagihan, by default the confirmed unpaid ones). A4 portrait, amounts in whole rupiah.
 */
import { formatRupiah, groupedNumber, type StudentBillingDetail } from '@keuangan/shared/contract';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { sendFile } from '../lib/download';
import { monthName } from '../lib/month';

export interface PdfBranch {
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
}

export const dateName = (date: string) =>
  new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export const LEFT = 40;
export const WIDTH = 515;
/** A column of a PDF table (its widths add up to at most WIDTH). */
export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

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

/** A PDF document (A4) drawn by `build`. */
export function render(build: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: title, Author: 'Keuangan' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  build(doc);
  doc.end();
  return done;
}

/** The school's name, address and contacts over the document's title. */
export function header(doc: PDFKit.PDFDocument, branch: PdfBranch, title: string) {
  doc.font('Helvetica-Bold').fontSize(13).text(branch.name, LEFT, LEFT, { width: WIDTH });
  doc.font('Helvetica').fontSize(9);
  if (branch.address) doc.text(branch.address, { width: WIDTH });
  // The phone and the website on a line of their own, never broken inside the address of the website.
  const contact = [branch.phone && `Telp. ${branch.phone}`, branch.website].filter(Boolean).join(' | ');
  if (contact) oneLine(doc, contact, 9);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(title, { width: WIDTH, align: 'center' });
  doc.moveDown(0.5);
}

/** `text` on one line of the page's width: a smaller font (down to 6.5 pt) rather than a break. */
function oneLine(doc: PDFKit.PDFDocument, text: string, size: number) {
  let fitted = size;
  while (fitted > 6.5 && doc.fontSize(fitted).widthOfString(text) > WIDTH) fitted -= 0.5;
  doc.fontSize(fitted).text(text, { width: WIDTH, lineBreak: false });
  doc.fontSize(size);
}

/** Label and value lines under the header. */
export function fields(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, LEFT, y, { width: 110 });
    doc.text(`: ${value}`, LEFT + 110, y, { width: WIDTH - 110 });
  }
  doc.moveDown(0.5);
}

/** One row of a table of `columns`, on a new page when the page is full. */
export function tableRow(doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[], bold = false) {
  if (doc.y > 770) doc.addPage();
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  const y = doc.y;
  let x = LEFT;
  let bottom = y;
  cells.forEach((cell, i) => {
    const column = columns[i] as PdfColumn;
    doc.text(cell, x + 2, y, { width: column.width - 4, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.y = bottom + 2;
  doc.x = LEFT;
}

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

/** Answers a PDF, shown in the browser (inline), never cached. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  sendFile(reply, pdf, 'application/pdf', filename, 'inline');
