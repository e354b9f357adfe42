/**
 * The printed Rekap Kas Harian of one closing: its number, the cashier's day, the totals per payment type, each
 * payment and the day's voids, the cash count by denomination against the expected cash, the deposit, and the
 * signatures of the cashier and the head of finance (Kepala Keuangan). Rules: docs/money.md "Cash closing".
 */
import {
  CASH_DENOMINATIONS,
  type CashClosing,
  type CashCount,
  type CashDeposit,
  denominationLabel,
  formatRupiah,
  groupedNumber,
  labelOf,
  PAYMENT_TYPES,
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
import { type BranchTimeZone, DEFAULT_TIME_ZONE } from '../lib/time';

type Doc = PDFKit.PDFDocument;

const PAYMENT_COLUMNS: PdfColumn[] = [
  { title: 'No. Kuitansi', width: 120, align: 'left' },
  { title: 'Siswa / Calon Siswa', width: 170, align: 'left' },
  { title: 'Jam', width: 45, align: 'left' },
  { title: 'Jenis', width: 80, align: 'left' },
  { title: 'Jumlah', width: 100, align: 'right' },
];
const VOID_COLUMNS: PdfColumn[] = [
  { title: 'No. Kuitansi', width: 105, align: 'left' },
  { title: 'Siswa / Calon Siswa', width: 110, align: 'left' },
  { title: 'Dibatalkan', width: 55, align: 'left' },
  { title: 'Oleh', width: 75, align: 'left' },
  { title: 'Alasan', width: 90, align: 'left' },
  { title: 'Jumlah', width: 80, align: 'right' },
];
const COUNT_COLUMNS: PdfColumn[] = [
  { title: 'Pecahan', width: 215, align: 'left' },
  { title: 'Jumlah', width: 100, align: 'right' },
  { title: 'Nilai', width: 200, align: 'right' },
];

const heading = (doc: Doc, title: string) => {
  if (doc.y > 740) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text(title, LEFT, doc.y);
  doc.moveDown(0.2);
};

/** A label and its amount on one line, the amount at the right. */
function amountLine(doc: Doc, label: string, amount: string, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const y = doc.y;
  doc.text(label, LEFT, y, { width: 300 });
  doc.text(amount, LEFT + 300, y, { width: WIDTH - 300, align: 'right' });
}

/** 'Rp 5.000' or '-Rp 5.000': a difference keeps its sign. */
const signed = (amount: number) => (amount < 0 ? `-${formatRupiah(-amount)}` : formatRupiah(amount));

function cashCount(doc: Doc, count: CashCount) {
  heading(doc, 'Hitungan Uang Tunai per Pecahan');
  tableRow(
    doc,
    COUNT_COLUMNS,
    COUNT_COLUMNS.map((c) => c.title),
    true,
  );
  for (const d of CASH_DENOMINATIONS) {
    const pieces = count.counts[d.key] ?? 0;
    const unit = d.kind === 'note' ? 'lembar' : 'keping';
    tableRow(doc, COUNT_COLUMNS, [
      denominationLabel(d),
      `${groupedNumber(pieces)} ${unit}`,
      formatRupiah(pieces * d.value),
    ]);
  }
  doc.moveDown(0.4);
  amountLine(doc, 'Uang tunai seharusnya (pembayaran Cash)', formatRupiah(count.expected));
  amountLine(doc, 'Uang tunai dihitung', formatRupiah(count.counted));
  amountLine(doc, 'Selisih', signed(count.difference), true);
  if (count.note) fields(doc, [['Keterangan selisih', count.note]]);
}

function deposit(doc: Doc, d: CashDeposit | null) {
  heading(doc, 'Setoran Bank');
  if (!d) {
    doc.font('Helvetica').fontSize(9).text('Belum disetor.', LEFT, doc.y);
    return;
  }
  fields(doc, [
    ['Jumlah disetor', formatRupiah(d.amount)],
    ['Rekening bank', d.bank_account],
    ['No. referensi', d.reference],
    ['Tanggal setor', dateName(d.deposit_date)],
    ['Disetor oleh', d.deposited_by],
  ]);
}

/** Times are printed in `timeZone`, the branch's. */
export function closingPdf(
  branch: PdfBranch,
  closing: CashClosing,
  timeZone: BranchTimeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const time = (iso: string | undefined) =>
    iso ? new Date(iso).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit', timeZone }) : '-';
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
    heading(doc, 'Total per Jenis Pembayaran');
    for (const line of closing.figures.by_ptype) {
      amountLine(
        doc,
        `${labelOf(PAYMENT_TYPES, line.ptype)} (${line.count} transaksi)`,
        formatRupiah(line.amount),
      );
    }
    amountLine(
      doc,
      `Total (${closing.figures.total.count} transaksi)`,
      formatRupiah(closing.figures.total.amount),
      true,
    );

    heading(doc, 'Pembayaran');
    tableRow(
      doc,
      PAYMENT_COLUMNS,
      PAYMENT_COLUMNS.map((c) => c.title),
      true,
    );
    for (const p of closing.figures.payments) {
      tableRow(doc, PAYMENT_COLUMNS, [
        p.payment_number,
        p.name ?? '-',
        time(p.created_at),
        labelOf(PAYMENT_TYPES, p.ptype),
        formatRupiah(p.amount),
      ]);
    }

    heading(doc, 'Pembatalan Hari Ini');
    const voids = closing.figures.voids ?? [];
    if (voids.length === 0) doc.font('Helvetica').fontSize(9).text('Tidak ada pembatalan.', LEFT, doc.y);
    else
      tableRow(
        doc,
        VOID_COLUMNS,
        VOID_COLUMNS.map((c) => c.title),
        true,
      );
    for (const p of voids) {
      tableRow(doc, VOID_COLUMNS, [
        p.payment_number,
        p.name,
        time(p.voided_at),
        p.voided_by ?? '-',
        p.void_reason ?? '-',
        formatRupiah(p.amount),
      ]);
    }

    if (closing.cash_count) cashCount(doc, closing.cash_count);
    deposit(doc, closing.deposit);

    // Signatures: the cashier hands over, the head of finance receives.
    if (doc.y > 680) doc.addPage();
    doc.moveDown(2);
    const signY = doc.y;
    doc.font('Helvetica').fontSize(9);
    doc.text('Kasir', LEFT, signY, { width: 200, align: 'center' });
    doc.text('Kepala Keuangan', LEFT + WIDTH - 200, signY, { width: 200, align: 'center' });
    doc.text(`( ${closing.cashier.name} )`, LEFT, signY + 60, { width: 200, align: 'center' });
    doc.text('( ........................ )', LEFT + WIDTH - 200, signY + 60, { width: 200, align: 'center' });
  }, `Rekap Kas Harian ${closing.closing_number}`);
}
