/**
 * The printed Rekap Kas Harian of one closing: its number, the cashier's day, the totals per payment type, the
 * payments, and the signatures of the cashier and the head of finance (Kepala Keuangan).
 */
import { type CashClosing, formatRupiah, labelOf, PAYMENT_TYPES } from '@keuangan/shared/contract';
import { dateName, fields, header, LEFT, type PdfBranch, render, WIDTH } from '../billing/pdf';
import { type BranchTimeZone, DEFAULT_TIME_ZONE } from '../lib/time';

/** Times are printed in `timeZone`, the branch's. */
export function closingPdf(
  branch: PdfBranch,
  closing: CashClosing,
  timeZone: BranchTimeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  return render((doc) => {
    header(doc, branch, 'Rekap Kas Harian');
    fields(doc, [
      ['No. Tutup Kas', closing.closing_number],
      ['Tanggal', dateName(closing.closing_date)],
      ['Kasir', closing.cashier.name],
      [
        'Ditutup oleh',
        `${closing.closed_by}, ${new Date(closing.closed_at).toLocaleString('id-ID', { timeZone })}`,
      ],
      ...(closing.reopened_at
        ? ([['Dibuka kembali', `${closing.reopened_by ?? ''}: ${closing.reopen_reason ?? ''}`]] as [
            string,
            string,
          ][])
        : []),
    ]);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Total per Jenis Pembayaran', LEFT, doc.y);
    doc.font('Helvetica').fontSize(9);
    for (const line of closing.figures.by_ptype) {
      const y = doc.y;
      doc.text(`${labelOf(PAYMENT_TYPES, line.ptype)} (${line.count} transaksi)`, LEFT, y, { width: 300 });
      doc.text(formatRupiah(line.amount), LEFT + 300, y, { width: WIDTH - 300, align: 'right' });
    }
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .text(`Total (${closing.figures.total.count} transaksi)`, LEFT, y, { width: 300 });
    doc.text(formatRupiah(closing.figures.total.amount), LEFT + 300, y, {
      width: WIDTH - 300,
      align: 'right',
    });

    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text('Pembayaran', LEFT, doc.y);
    doc.font('Helvetica').fontSize(8.5);
    for (const p of closing.figures.payments) {
      const row = doc.y;
      doc.text(`${p.payment_number}  ${labelOf(PAYMENT_TYPES, p.ptype)}`, LEFT, row, { width: 350 });
      doc.text(formatRupiah(p.amount), LEFT + 350, row, { width: WIDTH - 350, align: 'right' });
    }

    // Signatures: the cashier hands over, the head of finance receives.
    doc.moveDown(2);
    const signY = doc.y;
    doc.font('Helvetica').fontSize(9);
    doc.text('Kasir', LEFT, signY, { width: 200, align: 'center' });
    doc.text('Kepala Keuangan', LEFT + WIDTH - 200, signY, { width: 200, align: 'center' });
    doc.text(`( ${closing.cashier.name} )`, LEFT, signY + 60, { width: 200, align: 'center' });
    doc.text('( ........................ )', LEFT + WIDTH - 200, signY + 60, { width: 200, align: 'center' });
  }, `Rekap Kas Harian ${closing.closing_number}`);
}
