/**
 * The PDF toolkit every document uses (pdfkit, built-in Helvetica: no font files): A4 portrait, the school's
 * header, label lines, table rows, and the inline answer.
 */
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { sendFile } from './download';

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

/** Answers a PDF, shown in the browser (inline), never cached. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  sendFile(reply, pdf, 'application/pdf', filename, 'inline');
