/**
 * The reports' downloads: one sheet per table of the screen, each headed by the report's title and filter,
 * rupiah as numbers in the Indonesian rupiah format (lib/xlsx.ts).
 */
import {
  AGING_BUCKETS,
  labelOf,
  type ProspectiveBillingReport,
  type ProspectiveBillingReportUnpaid,
  REGISTRATION_STATUSES,
  type StudentBillingReport,
  type StudentBillingReportClass,
  type StudentBillingReportStudent,
} from '@keuangan/shared/contract';
import { monthName } from '../lib/month';
import {
  addTableSheet,
  dateCell,
  NUMBER_FORMAT,
  newWorkbook,
  PERCENT_FORMAT,
  RUPIAH_FORMAT,
  type SheetColumn,
  workbookBuffer,
} from '../lib/xlsx';

const money = <Row>(header: string, value: (row: Row) => number): SheetColumn<Row> => ({
  header,
  value,
  kind: 'money',
  width: 18,
});
const count = <Row>(header: string, value: (row: Row) => number): SheetColumn<Row> => ({
  header,
  value,
  kind: 'number',
});
/** A percentage (62.5) as the fraction spreadsheets format as % (0.625). */
const rate = <Row extends { rate_percent: number | null }>(): SheetColumn<Row> => ({
  header: 'Tingkat Penagihan',
  value: (row) => (row.rate_percent === null ? null : row.rate_percent / 100),
  kind: 'percent',
});
const numbered = <Row>(): SheetColumn<Row> => ({ header: 'No', value: (_row, i) => i + 1, width: 6 });

type Aged = StudentBillingReportClass | StudentBillingReportStudent;
/** What is owed by days past the due date (docs/money.md "Due dates and arrears"), then the total. */
const agingColumns = <Row extends Aged>(): SheetColumn<Row>[] => [
  ...AGING_BUCKETS.map((b) => money<Row>(`Tunggakan ${b.label}`, (r) => r[b.key])),
  money('Total Tunggakan', (r) => r.arrears),
];

export const STUDENT_REPORT_TITLE = 'Laporan Billing Siswa';
export const STUDENT_REPORT_SHEETS = [
  'Ringkasan',
  'Tunggakan per Kelas',
  'Tunggakan per Siswa',
  'Penerimaan per Hari',
  'Penerimaan per Jenis',
  'Tingkat Penagihan',
] as const;

export async function studentReportWorkbook(
  report: StudentBillingReport,
  students: StudentBillingReportStudent[],
  filter: [string, string][],
): Promise<Buffer> {
  const book = newWorkbook();
  const heading = { title: STUDENT_REPORT_TITLE, filter };
  const [summarySheet, classSheet, studentSheet, daySheet, typeSheet, rateSheet] = STUDENT_REPORT_SHEETS;
  const s = report.summary;
  const summaryRows: [string, number | null, 'money' | 'number' | 'percent'][] = [
    ['Jumlah Billing', s.bill_count, 'number'],
    ['Jumlah Siswa', s.student_count, 'number'],
    ['Total Biaya', s.total_amount, 'money'],
    ['Diskon', s.total_discount, 'money'],
    ['Ditanggung', s.total_bail, 'money'],
    ['Pembayaran', s.total_payment, 'money'],
    ['Sisa Tagihan', s.total_billing, 'money'],
    ...AGING_BUCKETS.map((b): [string, number, 'money'] => [`Tunggakan ${b.label}`, s[b.key], 'money']),
    ['Total Tunggakan', s.arrears, 'money'],
    ['Belum Jatuh Tempo', s.not_due, 'money'],
    ['Tingkat Penagihan', s.rate_percent === null ? null : s.rate_percent / 100, 'percent'],
    ['Diterima pada Rentang Bulan', s.received, 'money'],
    ['Jumlah Pembayaran', s.payment_count, 'number'],
  ];
  const sheet = addTableSheet(
    book,
    summarySheet,
    [
      { header: 'Uraian', value: (r) => r[0], width: 32 },
      { header: 'Nilai', value: (r) => r[1], width: 20 },
    ],
    summaryRows,
    heading,
  );
  // One column mixes counts, money and a rate: each value cell gets its own format.
  const first = filter.length + 4;
  summaryRows.forEach(([, , kind], i) => {
    sheet.getCell(first + i, 2).numFmt =
      kind === 'money' ? RUPIAH_FORMAT : kind === 'percent' ? PERCENT_FORMAT : NUMBER_FORMAT;
  });

  addTableSheet<StudentBillingReportClass>(
    book,
    classSheet,
    [
      numbered(),
      { header: 'Tingkat', value: (r) => r.level_name },
      { header: 'Kelas', value: (r) => r.class_name },
      count('Jumlah Siswa', (r) => r.student_count),
      count('Jumlah Billing', (r) => r.bill_count),
      money('Total Biaya', (r) => r.total_amount),
      money('Diskon', (r) => r.total_discount),
      money('Ditanggung', (r) => r.total_bail),
      money('Pembayaran', (r) => r.total_payment),
      money('Sisa Tagihan', (r) => r.total_billing),
      ...agingColumns<StudentBillingReportClass>(),
      money('Belum Jatuh Tempo', (r) => r.not_due),
      rate(),
    ],
    report.classes,
    heading,
  );
  addTableSheet<StudentBillingReportStudent>(
    book,
    studentSheet,
    [
      numbered(),
      { header: 'NIS', value: (r) => r.nis },
      { header: 'Nama Siswa', value: (r) => r.name, width: 30 },
      { header: 'Kelas', value: (r) => r.class_name },
      count('Billing Belum Lunas', (r) => r.unpaid_bill_count),
      { header: 'Bulan Tertua', value: (r) => monthName(r.oldest_mm), width: 18 },
      { header: 'Jatuh Tempo Tertua', value: (r) => dateCell(r.oldest_due_date), kind: 'date' },
      count('Hari Terlambat', (r) => r.overdue_days),
      ...agingColumns<StudentBillingReportStudent>(),
    ],
    students,
    heading,
  );
  addTableSheet<StudentBillingReport['days'][number]>(
    book,
    daySheet,
    [
      numbered(),
      { header: 'Tanggal', value: (r) => dateCell(r.payment_date), kind: 'date' },
      count('Jumlah Pembayaran', (r) => r.payment_count),
      money('Diterima', (r) => r.amount),
    ],
    report.days,
    heading,
  );
  addTableSheet<StudentBillingReport['payment_types'][number]>(
    book,
    typeSheet,
    [
      numbered(),
      { header: 'Jenis Pembayaran', value: (r) => r.label, width: 22 },
      count('Jumlah Pembayaran', (r) => r.payment_count),
      money('Diterima', (r) => r.amount),
    ],
    report.payment_types,
    heading,
  );
  addTableSheet<StudentBillingReport['class_months'][number]>(
    book,
    rateSheet,
    [
      numbered(),
      { header: 'Kelas', value: (r) => r.class_name },
      { header: 'Bulan', value: (r) => monthName(r.mm), width: 18 },
      money('Ditagihkan', (r) => r.billed),
      money('Dibayar', (r) => r.paid),
      rate(),
    ],
    report.class_months,
    heading,
  );
  return workbookBuffer(book);
}

export const PROSPECT_REPORT_SHEETS = ['Ringkasan per Event', 'Belum Lunas'] as const;

export async function prospectReportWorkbook(
  title: string,
  report: ProspectiveBillingReport,
  unpaid: ProspectiveBillingReportUnpaid[],
  filter: [string, string][],
): Promise<Buffer> {
  const book = newWorkbook();
  const heading = { title, filter };
  type EventRow = Omit<
    ProspectiveBillingReport['events'][number],
    'psb_event_id' | 'yoe' | 'code' | 'department_name'
  > & {
    code: string | null;
    department_name: string | null;
    yoe: number | null;
  };
  const total: EventRow = { ...report.totals, code: null, name: 'Total', department_name: null, yoe: null };
  addTableSheet<EventRow>(
    book,
    PROSPECT_REPORT_SHEETS[0],
    [
      { header: 'Kode Event', value: (r) => r.code },
      { header: 'Event', value: (r) => r.name, width: 30 },
      { header: 'Departemen', value: (r) => r.department_name },
      { header: 'Tahun Masuk', value: (r) => r.yoe },
      count('Peserta Ditagih', (r) => r.billed_count),
      count('Lunas', (r) => r.paid_count),
      count('Sebagian', (r) => r.partly_paid_count),
      count('Belum Bayar', (r) => r.unpaid_count),
      money('Ditagihkan', (r) => r.billed),
      money('Diterima', (r) => r.received),
      money('Sisa Tagihan', (r) => r.outstanding),
    ],
    [...report.events, total],
    heading,
  );
  addTableSheet<ProspectiveBillingReportUnpaid>(
    book,
    PROSPECT_REPORT_SHEETS[1],
    [
      numbered(),
      { header: 'No. Registrasi', value: (r) => r.reg_number, width: 18 },
      { header: 'Nama', value: (r) => r.name, width: 30 },
      { header: 'Event', value: (r) => `${r.psb_event_code} - ${r.psb_event_name}`, width: 30 },
      {
        header: 'Status Pendaftaran',
        value: (r) => labelOf(REGISTRATION_STATUSES, r.registration_status),
        width: 20,
      },
      { header: 'No. Billing', value: (r) => r.bill_number, width: 20 },
      money('Ditagihkan', (r) => r.billed),
      money('Diterima', (r) => r.received),
      money('Sisa Tagihan', (r) => r.outstanding),
    ],
    unpaid,
    heading,
  );
  return workbookBuffer(book);
}
