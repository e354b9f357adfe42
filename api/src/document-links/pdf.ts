/**
 * The Kuitansi and the Nota of a student's payment as a PDF, for the embedded billing view's one-use links
 * (our host prints them in the browser: remote-receipts). The same figures as the printed sheets: what each
 * line paid, Total, Bayar, Kembali and Sisa Tagihan as stored with the payment, the amount in words, the
 * cashier; SALINAN on a reprint and DIBATALKAN on a voided payment.
 */
import {
  changeGiven,
  formatRupiah,
  receiptLineName,
  rupiahInWords,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared/contract';
import { monthName } from '../lib/month';
import { dateName, fields, header, LEFT, render, WIDTH } from '../lib/pdf';

function amountLine(doc: PDFKit.PDFDocument, label: string, amount: number, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
  doc.text(label, LEFT, y, { width: WIDTH - 140 });
  doc.text(formatRupiah(amount), LEFT + WIDTH - 140, y, { width: 140, align: 'right' });
}

export function paymentPdf(
  payment: StudentBillingPaymentReceipt,
  kind: 'kuitansi' | 'nota',
  copy: boolean,
): Promise<Buffer> {
  const title = kind === 'kuitansi' ? 'KUITANSI' : 'NOTA PEMBAYARAN';
  const severalBills = new Set(payment.student_billing_item_payments.map((l) => l.bill.id)).size > 1;
  return render(
    (doc) => {
      header(doc, payment.branch, title);
      if (payment.is_void || copy) {
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .fillColor(payment.is_void ? '#cf1322' : '#000000')
          .text(
            payment.is_void
              ? `DIBATALKAN${payment.void_reason ? `: ${payment.void_reason}` : ''}`
              : 'SALINAN',
            { width: WIDTH, align: 'center' },
          )
          .fillColor('#000000')
          .moveDown(0.3);
      }
      const identity: [string, string][] = [
        ['No.', payment.payment_number],
        ['Tanggal', dateName(payment.payment_date)],
        ['NIS', payment.student.nis],
        ['Nama', payment.student.name],
        ['Kelas', payment.class.name],
      ];
      if (kind === 'nota') {
        identity.push(
          ['Tahun Ajaran', payment.year_of_study.name],
          ['Departemen', payment.department.name],
          ['Bulan', monthName(payment.student_billing.mm)],
        );
      } else {
        identity.push(['Telah terima dari', payment.payer_name ?? payment.student.name]);
      }
      fields(doc, identity);
      doc.font('Helvetica-Bold').fontSize(9.5).text('Rincian Pembayaran', LEFT, doc.y, { width: WIDTH });
      for (const line of payment.student_billing_item_payments) {
        if (doc.y > 740) doc.addPage();
        const name = receiptLineName(payment, line, severalBills ? monthName(line.bill.mm) : null);
        amountLine(doc, name, line.amount);
      }
      doc.moveDown(0.5);
      amountLine(doc, 'Total', payment.amount, true);
      amountLine(doc, 'Bayar', payment.total_amount_payment_paid);
      amountLine(doc, 'Kembali', changeGiven(payment.amount, payment.total_amount_payment_paid));
      amountLine(doc, 'Sisa Tagihan', payment.total_billing_after);
      doc
        .moveDown(0.5)
        .font('Helvetica-Oblique')
        .fontSize(9)
        .text(`Terbilang: # ${rupiahInWords(payment.amount)} #`, LEFT, doc.y, { width: WIDTH });
      const city = payment.payer_city ?? payment.branch.city ?? '';
      doc
        .moveDown(1.5)
        .font('Helvetica')
        .fontSize(9.5)
        .text(`${city ? `${city}, ` : ''}${dateName(payment.payment_date)}`, LEFT + WIDTH - 200, doc.y, {
          width: 200,
          align: 'center',
        })
        .text('Kasir', { width: 200, align: 'center' })
        .moveDown(2.5)
        .text(payment.created_by?.name ?? '-', { width: 200, align: 'center' });
    },
    `${kind === 'kuitansi' ? 'Kuitansi' : 'Nota'} ${payment.payment_number}`,
  );
}
