import {
  AGING_BUCKETS,
  ALL,
  apiErrorText,
  type CascadeField,
  chosenParams,
  DAY_PAGE_SIZE,
  EyeIcon,
  formatDate,
  formatIDR,
  formatMonth,
  formatNumber,
  notifyError,
  PagedTable,
  PLACEMENT_AND_MONTHS_FIELDS,
  PrintIcon,
  REPORT_PAGE_SIZE,
  type StudentBillingReport,
  type StudentBillingReportClass,
  type StudentBillingReportClassMonth,
  type StudentBillingReportDay,
  type StudentBillingReportPaymentType,
  type StudentBillingReportStudent,
  useCascadeFilter,
  useLocalPages,
} from '@keuangan/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Row,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { CENTERED, historyPath } from '../constants';
import { useDocuments } from '../documents';
import { OverdueTag, SHORT_DATE } from '../list/billColumns';
import { OverdueFilter } from '../list/OverdueFilter';
import { downloadStudentReport, fetchStudentReport, useStudentArrears } from './api';
import { ChartFigure } from './ChartFigure';
import { agingColumns, countColumn, formatPercent, rupiahColumn } from './format';

/** Tunggakan per Siswa's orders: most owed first, or the longest late first. */
const STUDENT_ORDER_OPTIONS = [
  { value: 'arrears', label: 'Tunggakan terbesar' },
  { value: 'overdue_days', label: 'Terlambat terlama' },
] as const;
type StudentOrder = (typeof STUDENT_ORDER_OPTIONS)[number]['value'];

import { STUDENT_REPORT_STORAGE_KEY, STUDENT_REPORT_TITLE } from './paths';
import { ReportAnswer } from './ReportAnswer';
import { ReportFilterCard } from './ReportFilterCard';
import { useReport } from './useReport';

const FIELDS = PLACEMENT_AND_MONTHS_FIELDS;
/** Period, level, class and both ends of the month range offer 'Semua'. */
const ALL_FIELDS: readonly CascadeField[] = ['yos_periode_id', 'level_id', 'class_id', 'mm_from', 'mm_to'];
const REQUIRED: readonly CascadeField[] = ['department_id', 'year_of_study_id'];

const classColumns: TableColumnsType<StudentBillingReportClass> = [
  { key: 'level', title: 'Tingkat', dataIndex: 'level_name' },
  { key: 'class', title: 'Kelas', dataIndex: 'class_name' },
  countColumn('Siswa', 'student_count'),
  countColumn('Billing', 'bill_count'),
  rupiahColumn('Total Biaya', 'total_amount'),
  rupiahColumn('Diskon', 'total_discount'),
  rupiahColumn('Ditanggung', 'total_bail'),
  rupiahColumn('Pembayaran', 'total_payment'),
  rupiahColumn('Sisa Tagihan', 'total_billing'),
  ...agingColumns<StudentBillingReportClass>(),
  rupiahColumn('Belum Jatuh Tempo', 'not_due'),
  {
    key: 'rate',
    title: 'Tingkat Penagihan',
    dataIndex: 'rate_percent',
    align: 'right',
    render: formatPercent,
  },
];

const dayColumns: TableColumnsType<StudentBillingReportDay> = [
  { key: 'date', title: 'Tanggal', dataIndex: 'payment_date', render: (d: string) => formatDate(d) },
  countColumn('Jumlah Pembayaran', 'payment_count'),
  rupiahColumn('Diterima', 'amount'),
];

const typeColumns: TableColumnsType<StudentBillingReportPaymentType> = [
  { key: 'label', title: 'Jenis Pembayaran', dataIndex: 'label' },
  countColumn('Jumlah Pembayaran', 'payment_count'),
  rupiahColumn('Diterima', 'amount'),
];

const rateColumns: TableColumnsType<StudentBillingReportClassMonth> = [
  { key: 'class', title: 'Kelas', dataIndex: 'class_name' },
  { key: 'mm', title: 'Bulan', dataIndex: 'mm', render: (mm: string) => formatMonth(mm) },
  rupiahColumn('Ditagihkan', 'billed'),
  rupiahColumn('Dibayar', 'paid'),
  {
    key: 'rate',
    title: 'Tingkat Penagihan',
    dataIndex: 'rate_percent',
    align: 'right',
    render: formatPercent,
  },
];

/**
 * Laporan Billing Siswa (docs/screens.md#reports; definitions: api/ROUTES.md "Reports"): the charts' numbers are
 * the tables'.
 */
export function StudentBillingReportPage() {
  const { openAllBillsPdf } = useDocuments();
  const filter = useCascadeFilter({
    storageKey: STUDENT_REPORT_STORAGE_KEY,
    fields: FIELDS,
    allFields: ALL_FIELDS,
    required: REQUIRED,
    defaultFirst: REQUIRED,
    // Every filter has a default: the report of the first department's first year shows at once.
    showDefaults: true,
  });
  const params = filter.applied ? chosenParams(filter.applied) : null;
  const report = useReport(params, fetchStudentReport);
  // Tunggakan per Siswa's own narrowing and order (docs/screens.md); the spreadsheet follows them.
  const [overdue, setOverdue] = useState<number | string>(ALL);
  const [order, setOrder] = useState<StudentOrder>('arrears');
  const studentParams = { ...(overdue === ALL ? {} : { overdue_min: overdue }), orderby: order };
  const students = useStudentArrears(
    { ...params, ...studentParams },
    { pageSize: REPORT_PAGE_SIZE, enabled: params !== null, errorToast: CENTERED },
  );
  const [downloading, setDownloading] = useState(false);

  const show = () => {
    filter.apply();
    report.retry();
    students.reload();
  };

  const download = async () => {
    if (!filter.complete) return;
    setDownloading(true);
    try {
      await downloadStudentReport(
        { ...chosenParams(filter.values), ...studentParams },
        'laporan-billing-siswa.xlsx',
      );
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  const studentColumns: TableColumnsType<StudentBillingReportStudent> = [
    { key: 'nis', title: 'NIS', dataIndex: 'nis' },
    { key: 'name', title: 'Nama Siswa', dataIndex: 'name' },
    { key: 'class', title: 'Kelas', dataIndex: 'class_name' },
    countColumn('Billing Belum Lunas', 'unpaid_bill_count'),
    { key: 'oldest', title: 'Bulan Tertua', dataIndex: 'oldest_mm', render: (mm: string) => formatMonth(mm) },
    {
      key: 'due',
      title: 'Jatuh Tempo Tertua',
      render: (_v, row) => (
        <Flex vertical gap={4} align="flex-start">
          <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.oldest_due_date, SHORT_DATE)}</span>
          <OverdueTag days={row.overdue_days} />
        </Flex>
      ),
    },
    ...agingColumns<StudentBillingReportStudent>(),
    {
      key: 'actions',
      title: 'Aksi',
      render: (_v, row) => (
        <Flex vertical gap={4} align="flex-start">
          <Link
            to={historyPath(row.student_id, row.department_id)}
            aria-label={`Riwayat Pembayaran ${row.name}`}
          >
            <EyeIcon /> Riwayat Pembayaran
          </Link>
          <Button
            size="small"
            icon={<PrintIcon />}
            aria-label={`Semua Tagihan ${row.name} (PDF)`}
            onClick={() =>
              openAllBillsPdf(row.student_id, row.department_id, row.nis ?? String(row.student_id))
            }
          >
            Semua Tagihan
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ReportFilterCard
        title={STUDENT_REPORT_TITLE}
        filter={filter}
        onShow={show}
        onDownload={download}
        downloading={downloading}
      />
      <ReportAnswer
        report={report}
        applied={params !== null}
        idle="Pilih Departemen dan Tahun Ajaran, lalu klik Tampilkan."
      >
        {(value) => (
          <ReportBody
            report={value}
            students={
              <>
                <Form layout="vertical" component="div">
                  <Row gutter={16}>
                    <OverdueFilter<StudentOrder>
                      overdue={overdue}
                      order={order}
                      onOverdue={setOverdue}
                      onOrder={setOrder}
                      orderOptions={STUDENT_ORDER_OPTIONS}
                    />
                  </Row>
                </Form>
                <PagedTable
                  columns={studentColumns}
                  rowKey={studentKey}
                  aria-label="Tunggakan per Siswa"
                  {...students.tableProps}
                />
              </>
            }
          />
        )}
      </ReportAnswer>
    </>
  );
}

const studentKey = (row: StudentBillingReportStudent) => `${row.student_id}-${row.class_id}`;

function ReportBody({ report, students }: { report: StudentBillingReport; students: ReactNode }) {
  const classes = useLocalPages(report.classes, REPORT_PAGE_SIZE);
  const days = useLocalPages(report.days, DAY_PAGE_SIZE);
  const types = useLocalPages(report.payment_types, REPORT_PAGE_SIZE);
  const rates = useLocalPages(report.class_months, REPORT_PAGE_SIZE);
  const s = report.summary;
  const empty = s.bill_count === 0 && report.days.length === 0;
  const rated = report.classes.filter((c) => c.rate_percent !== null);
  const busiest = report.days.reduce<StudentBillingReportDay | null>(
    (top, day) => (top === null || day.amount > top.amount ? day : top),
    null,
  );
  return (
    <Flex vertical gap={16}>
      <Card title="Ringkasan">
        {empty ? (
          <Alert
            type="info"
            showIcon
            title="Tidak ada billing terkonfirmasi maupun pembayaran pada filter ini."
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'bills', label: 'Jumlah Billing', children: formatNumber(s.bill_count) },
            { key: 'students', label: 'Jumlah Siswa', children: formatNumber(s.student_count) },
            { key: 'rate', label: 'Tingkat Penagihan', children: formatPercent(s.rate_percent) },
            { key: 'amount', label: 'Total Biaya', children: formatIDR(s.total_amount) },
            { key: 'discount', label: 'Diskon', children: formatIDR(s.total_discount) },
            { key: 'bail', label: 'Ditanggung', children: formatIDR(s.total_bail) },
            { key: 'payment', label: 'Pembayaran', children: formatIDR(s.total_payment) },
            { key: 'billing', label: 'Sisa Tagihan', children: formatIDR(s.total_billing) },
            { key: 'not_due', label: 'Belum Jatuh Tempo', children: formatIDR(s.not_due) },
            ...AGING_BUCKETS.map((b) => ({
              key: b.key,
              label: `Tunggakan ${b.label}`,
              children: formatIDR(s[b.key]),
            })),
            { key: 'arrears', label: 'Total Tunggakan', children: formatIDR(s.arrears) },
            {
              key: 'received',
              label: 'Diterima pada Rentang Bulan',
              children: `${formatIDR(s.received)} (${formatNumber(s.payment_count)} pembayaran)`,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Umur tunggakan dihitung dari tanggal jatuh tempo billing sampai hari ini ({formatDate(report.today)}
          ).
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card>
            <ChartFigure
              title="Tingkat Penagihan per Kelas"
              series="Tingkat Penagihan"
              labels={rated.map((c) => c.class_name)}
              values={rated.map((c) => c.rate_percent ?? 0)}
              format={formatPercent}
              max={100}
              description={
                rated.length === 0
                  ? 'Belum ada yang ditagihkan.'
                  : `Dibayar dibanding ditagihkan: ${rated.map((c) => `${c.class_name} ${formatPercent(c.rate_percent)}`).join(', ')}. Angkanya ada di tabel Tunggakan per Kelas.`
              }
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card>
            <ChartFigure
              title="Diterima per Hari"
              series="Diterima"
              labels={report.days.map((d) => formatDate(d.payment_date, 'D MMM'))}
              values={report.days.map((d) => d.amount)}
              format={formatIDR}
              description={
                busiest === null
                  ? 'Tidak ada pembayaran pada rentang ini.'
                  : `${formatIDR(s.received)} diterima dalam ${report.days.length} hari; tertinggi ${formatIDR(busiest.amount)} pada ${formatDate(busiest.payment_date)}. Angka per hari ada di tabel Penerimaan per Hari.`
              }
            />
          </Card>
        </Col>
      </Row>
      <Card title="Tunggakan per Kelas">
        <PagedTable columns={classColumns} rowKey="class_id" aria-label="Tunggakan per Kelas" {...classes} />
      </Card>
      <Card title="Tunggakan per Siswa">{students}</Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Penerimaan per Hari">
            <PagedTable
              columns={dayColumns}
              rowKey="payment_date"
              aria-label="Penerimaan per Hari"
              {...days}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Penerimaan per Jenis Pembayaran">
            <PagedTable
              columns={typeColumns}
              rowKey="ptype"
              aria-label="Penerimaan per Jenis Pembayaran"
              {...types}
            />
          </Card>
        </Col>
      </Row>
      <Card title="Tingkat Penagihan per Kelas dan Bulan">
        <PagedTable
          columns={rateColumns}
          rowKey={(r) => `${r.class_id}-${r.mm}`}
          aria-label="Tingkat Penagihan per Kelas dan Bulan"
          {...rates}
        />
      </Card>
    </Flex>
  );
}
