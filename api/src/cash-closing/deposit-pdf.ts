/** The printed Setoran Bank of one closing: the day's cash taken to the bank, signed by the depositor. */
import { type CashClosing, formatRupiah, rupiahInWords } from '@keuangan/shared/contract';
import { dateName, fields, header, LEFT, type PdfBranch, render, WIDTH } from '../lib/pdf';
import { type BranchTimeZone, DEFAULT_TIME_ZONE } from '../lib/time';

/** `closing` has its deposit (the route answers 404 otherwise); times in `timeZone`, the branch's. */
export function depositPdf(
  branch: PdfBranch,
  closing: CashClosing,
  timeZone: BranchTimeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const d = closing.deposit;
  return render((doc) => {
    header(doc, branch, 'Setoran Bank');
    if (!d) return;
    fields(doc, [
      ['No. Tutup Kas', closing.closing_number],
      ['Tanggal kas', dateName(closing.closing_date)],
      ['Kasir', closing.cashier.name],
      ['Tanggal setor', dateName(d.deposit_date)],
      ['Rekening bank', d.bank_account],
      ['No. referensi', d.reference],
      ['Jumlah setoran', formatRupiah(d.amount)],
      ['Terbilang', rupiahInWords(d.amount)],
      ['Disetor oleh', d.deposited_by],
      ['Dicatat', new Date(d.created_at).toLocaleString('id-ID', { timeZone })],
    ]);
    doc.moveDown(2);
    const signY = doc.y;
    doc.font('Helvetica').fontSize(9);
    doc.text('Penyetor', LEFT, signY, { width: 200, align: 'center' });
    doc.text('Kepala Keuangan', LEFT + WIDTH - 200, signY, { width: 200, align: 'center' });
    doc.text(`( ${d.deposited_by} )`, LEFT, signY + 60, { width: 200, align: 'center' });
    doc.text('( ........................ )', LEFT + WIDTH - 200, signY + 60, { width: 200, align: 'center' });
  }, `Setoran Bank ${closing.closing_number}`);
}
