import {
  ADMISSION_SOURCES,
  ALL,
  apiErrorText,
  chosenParams,
  EyeIcon,
  entryYearChoices,
  formatIDR,
  formatNumber,
  jakartaYear,
  labelOf,
  loadEntryYearStart,
  notifyError,
  PagedTable,
  PROSPECT_YEAR_RANGE,
  type ProspectiveBillingReport,
  type ProspectiveBillingReportEvent,
  type ProspectiveBillingReportUnpaid,
  prospectBillPath,
  REGISTRATION_STATUSES,
  REPORT_PAGE_SIZE,
  useCascadeFilter,
  useLocalPages,
} from '@keuangan/shared';
import { Alert, Card, Descriptions, Flex, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CENTERED } from '../constants';
import { downloadProspectReport, fetchProspectReport, useUnpaidProspects } from './api';
import { ChartFigure } from './ChartFigure';
import { countColumn, rupiahColumn } from './format';
import { PROSPECT_REPORTS, type ProspectReportStype } from './paths';
import { ReportAnswer } from './ReportAnswer';
import { ReportFilterCard } from './ReportFilterCard';
import { useReport } from './useReport';

const eventColumns: TableColumnsType<ProspectiveBillingReportEvent> = [
  { key: 'event', title: 'Event', render: (_v, e) => `${e.code} - ${e.name}` },
  { key: 'department', title: 'Departemen', dataIndex: 'department_name' },
  { key: 'yoe', title: 'Tahun Masuk', dataIndex: 'yoe' },
  countColumn('Peserta Ditagih', 'billed_count'),
  countColumn('Lunas', 'paid_count'),
  countColumn('Sebagian', 'partly_paid_count'),
  countColumn('Belum Bayar', 'unpaid_count'),
  rupiahColumn('Ditagihkan', 'billed'),
  rupiahColumn('Diterima', 'received'),
  rupiahColumn('Sisa Tagihan', 'outstanding'),
];

/** The prospects still owing, each linked to its bill on its screen (PSB or Mutasi). */
const unpaidColumns = (stype: ProspectReportStype): TableColumnsType<ProspectiveBillingReportUnpaid> => [
  { key: 'reg', title: 'No. Registrasi', dataIndex: 'reg_number' },
  { key: 'name', title: 'Nama', dataIndex: 'name' },
  { key: 'event', title: 'Event', render: (_v, r) => `${r.psb_event_code} - ${r.psb_event_name}` },
  {
    key: 'status',
    title: 'Status Pendaftaran',
    dataIndex: 'registration_status',
    render: (status: number) => labelOf(REGISTRATION_STATUSES, status),
  },
  {
    key: 'payment',
    title: 'Pembayaran',
    render: (_v, r) => (r.received > 0 ? 'Sebagian' : 'Belum Bayar'),
  },
  rupiahColumn('Ditagihkan', 'billed'),
  rupiahColumn('Diterima', 'received'),
  rupiahColumn('Sisa Tagihan', 'outstanding'),
  {
    key: 'actions',
    title: 'Aksi',
    render: (_v, r) => (
      <Link
        to={prospectBillPath(r.prospective_billing_id, stype)}
        aria-label={`Billing ${r.bill_number} ${r.name}`}
      >
        <EyeIcon /> {r.bill_number}
      </Link>
    ),
  },
];

/**
 * Laporan Billing Peserta PSB (stype 1) and Peserta Mutasi (stype 2), issue 12: per event (department,
 * entry year, event as filters) the prospects billed, paid, partly paid, unpaid and the money billed,
 * received and outstanding, with a chart; the prospects still owing with their registration status; .xlsx.
 */
export function ProspectBillingReportPage({ stype }: { stype: ProspectReportStype }) {
  const area = PROSPECT_REPORTS[stype];
  const years = useMemo(() => entryYearChoices(jakartaYear(), PROSPECT_YEAR_RANGE), []);
  const filter = useCascadeFilter({
    storageKey: area.storageKey,
    fields: ['department_id', 'yoe', 'psb_event_id'],
    required: [],
    clearable: ['department_id'],
    allFields: ['yoe', 'psb_event_id'],
    initial: { yoe: jakartaYear(), psb_event_id: ALL },
    loadInitial: loadEntryYearStart({ stype }),
    sources: ADMISSION_SOURCES,
    context: { stype },
    years,
  });
  const params = filter.applied ? { stype, ...chosenParams(filter.applied) } : null;
  const report = useReport(params, fetchProspectReport);
  const unpaid = useUnpaidProspects(params ?? {}, {
    pageSize: REPORT_PAGE_SIZE,
    enabled: params !== null,
    errorToast: CENTERED,
  });
  const [downloading, setDownloading] = useState(false);

  const show = () => {
    filter.apply();
    report.retry();
    unpaid.reload();
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadProspectReport({ stype, ...chosenParams(filter.values) }, area.fileName);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  return (
    <>
      <ReportFilterCard
        title={area.title}
        filter={filter}
        onShow={show}
        onDownload={download}
        downloading={downloading}
      />
      <ReportAnswer report={report} applied={params !== null}>
        {(value) => (
          <Flex vertical gap={16}>
            <EventSummary report={value} />
            <Card title="Peserta Belum Lunas">
              <PagedTable
                columns={unpaidColumns(stype)}
                rowKey="psb_event_prospective_id"
                aria-label="Peserta Belum Lunas"
                {...unpaid.tableProps}
              />
            </Card>
          </Flex>
        )}
      </ReportAnswer>
    </>
  );
}

function EventSummary({ report }: { report: ProspectiveBillingReport }) {
  const events = useLocalPages(report.events, REPORT_PAGE_SIZE);
  const t = report.totals;
  return (
    <>
      <Card title="Ringkasan">
        {t.billed_count === 0 ? (
          <Alert
            type="info"
            showIcon
            title="Belum ada peserta yang ditagih pada filter ini."
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'billed_count', label: 'Peserta Ditagih', children: formatNumber(t.billed_count) },
            { key: 'paid', label: 'Lunas', children: formatNumber(t.paid_count) },
            { key: 'partly', label: 'Sebagian', children: formatNumber(t.partly_paid_count) },
            { key: 'unpaid', label: 'Belum Bayar', children: formatNumber(t.unpaid_count) },
            { key: 'billed', label: 'Ditagihkan', children: formatIDR(t.billed) },
            { key: 'received', label: 'Diterima', children: formatIDR(t.received) },
            { key: 'outstanding', label: 'Sisa Tagihan', children: formatIDR(t.outstanding) },
          ]}
        />
      </Card>
      <Card>
        <ChartFigure
          title="Diterima per Event"
          series="Diterima"
          labels={report.events.map((e) => e.code)}
          values={report.events.map((e) => e.received)}
          format={formatIDR}
          description={
            report.events.length === 0
              ? 'Tidak ada event dengan peserta yang ditagih.'
              : `${report.events.map((e) => `${e.code}: diterima ${formatIDR(e.received)} dari ${formatIDR(e.billed)}`).join('; ')}. Angkanya ada di tabel Ringkasan per Event.`
          }
        />
      </Card>
      <Card title="Ringkasan per Event">
        <PagedTable
          columns={eventColumns}
          rowKey="psb_event_id"
          aria-label="Ringkasan per Event"
          {...events}
        />
      </Card>
    </>
  );
}
