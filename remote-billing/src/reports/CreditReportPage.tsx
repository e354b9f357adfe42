import {
  ALL,
  apiErrorText,
  type CascadeField,
  type CascadeValues,
  CREDIT_REPORT_EMPTY,
  CREDIT_REPORT_PAGE_SIZE,
  CREDIT_REPORT_TITLE,
  chosenParams,
  formatDateTime,
  formatIDR,
  ListSearch,
  notifyError,
  PagedTable,
  type StudentCreditReport,
  type StudentCreditReportRow,
  useCascadeFilter,
} from '@keuangan/shared';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CENTERED, LIST_PATH } from '../constants';
import { downloadCreditReport, useCreditReport } from './api';
import { CreditMovementsCard } from './CreditMovementsCard';
import { rupiahColumn } from './format';
import { CREDIT_REPORT_STORAGE_KEY } from './paths';
import { ReportFilterCard } from './ReportFilterCard';

/** Departemen on the student; Tahun Ajaran, Tingkat, Kelas: a class the student sits in (docs/screens.md#reports). */
const FIELDS: readonly CascadeField[] = ['department_id', 'year_of_study_id', 'level_id', 'class_id'];
/** Every filter offers 'Semua' and starts on it: the whole branch, shown at once. */
const INITIAL: CascadeValues = Object.fromEntries(FIELDS.map((field) => [field, ALL]));

const studentBillsPath = (studentId: number) => `${LIST_PATH}/student/${studentId}`;

const COLUMNS: TableColumnsType<StudentCreditReportRow> = [
  { key: 'nis', title: 'NIS', dataIndex: 'nis' },
  {
    key: 'name',
    title: 'Nama Siswa',
    render: (_v, row) => (
      <Link to={studentBillsPath(row.student_id)} aria-label={`Tagihan Siswa ${row.name}`}>
        {row.name}
      </Link>
    ),
  },
  { key: 'department', title: 'Departemen', dataIndex: 'department_name' },
  { key: 'class', title: 'Kelas', render: (_v, row) => row.class_name ?? '-' },
  rupiahColumn<StudentCreditReportRow>('Saldo Titipan', 'balance'),
  { key: 'last', title: 'Mutasi Terakhir', render: (_v, row) => formatDateTime(row.last_movement_at) },
];

/** The filter's total under the page: 'No' and the four text columns, then the balance, then the date. */
const totalRow = (report: StudentCreditReport | null) => () =>
  report && report.total > 0 ? (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={5}>
        <Typography.Text strong>Total</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={5} align="right">
        <Typography.Text strong>{formatIDR(report.total_balance)}</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={6} />
    </Table.Summary.Row>
  ) : null;

/**
 * Laporan Saldo Titipan (docs/screens.md#reports): the branch's students whose credit is not zero, narrowed by the
 * placement and a name or NIS, paged, the filter's total and the branch's; a row's name opens the student's Tagihan
 * Siswa; Unduh XLSX of the same filter; with a range of days, the movements. What it counts: docs/money.md
 * "Saldo Titipan".
 */
export function CreditReportPage() {
  const filter = useCascadeFilter({
    storageKey: CREDIT_REPORT_STORAGE_KEY,
    fields: FIELDS,
    allFields: FIELDS,
    initial: INITIAL,
  });
  const [q, setQ] = useState('');
  const params = filter.applied ? { ...chosenParams(filter.applied), ...(q ? { q } : {}) } : null;
  const list = useCreditReport(params ?? {}, {
    pageSize: CREDIT_REPORT_PAGE_SIZE,
    enabled: params !== null,
    errorToast: CENTERED,
  });
  const report = list.data as StudentCreditReport | null;
  const [downloading, setDownloading] = useState(false);

  const show = () => {
    filter.apply();
    list.reload();
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCreditReport(
        { ...chosenParams(filter.values), ...(q ? { q } : {}) },
        'laporan-saldo-titipan.xlsx',
      );
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  return (
    <>
      <ReportFilterCard
        title={CREDIT_REPORT_TITLE}
        filter={filter}
        onShow={show}
        onDownload={download}
        downloading={downloading}
      />
      <Card title="Saldo Titipan per Siswa">
        {report ? (
          <Typography.Paragraph strong>
            Total Saldo Titipan Cabang: {formatIDR(report.branch_balance)}
          </Typography.Paragraph>
        ) : null}
        <ListSearch label="Cari Siswa" placeholder="Cari nama atau NIS" onSearch={setQ} />
        <div style={{ marginTop: 12 }}>
          <PagedTable<StudentCreditReportRow>
            columns={COLUMNS}
            rowKey="student_id"
            aria-label="Saldo Titipan per Siswa"
            emptyText={CREDIT_REPORT_EMPTY}
            summary={totalRow(report)}
            {...list.tableProps}
          />
        </div>
      </Card>
      <CreditMovementsCard filter={params} />
    </>
  );
}
