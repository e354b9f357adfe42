import {
  ALL,
  apiErrorText,
  type CascadeValues,
  chosenParams,
  DISCOUNT_REPORT_TITLE,
  type DiscountReportRow,
  formatIDR,
  notifyError,
  PagedTable,
  PLACEMENT_AND_MONTHS_FIELDS,
  useCascadeFilter,
  useLocalPages,
} from '@keuangan/shared';
import { Card, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { downloadDiscountReport, fetchDiscountReport } from './api';
import { countColumn, rupiahColumn } from './format';
import { DISCOUNT_REPORT_STORAGE_KEY } from './paths';
import { ReportAnswer } from './ReportAnswer';
import { ReportFilterCard } from './ReportFilterCard';
import { useReport } from './useReport';

const COLUMNS: TableColumnsType<DiscountReportRow> = [
  { key: 'rule', dataIndex: 'rule_name', title: 'Aturan' },
  { key: 'class', dataIndex: 'class_name', title: 'Kelas' },
  countColumn<DiscountReportRow>('Siswa', 'students'),
  countColumn<DiscountReportRow>('Item', 'items'),
  rupiahColumn<DiscountReportRow>('Total Potongan', 'total'),
];

/** Departemen ... Kelas, then the range of the bills' months: the house cascade (docs/data.md#filter-cascade). */
const FIELDS = PLACEMENT_AND_MONTHS_FIELDS;
/** Every filter offers 'Semua' and starts on it: the whole branch, shown at once. */
const INITIAL: CascadeValues = Object.fromEntries(FIELDS.map((field) => [field, ALL]));

/**
 * Laporan Potongan (docs/screens.md#reports): what the discount rules gave, per rule and class of the bill, for the
 * bills' placement and months chosen; Unduh XLSX of the same filter. The figures: docs/money.md#discount-rules.
 */
export function DiscountReportPage() {
  const filter = useCascadeFilter({
    storageKey: DISCOUNT_REPORT_STORAGE_KEY,
    fields: FIELDS,
    allFields: FIELDS,
    initial: INITIAL,
  });
  const params = filter.applied ? chosenParams(filter.applied) : null;
  const report = useReport(params, fetchDiscountReport);
  const rows = useLocalPages(report.state === 'done' ? (report.value?.rows ?? null) : null);
  const [downloading, setDownloading] = useState(false);

  const show = () => {
    filter.apply();
    report.retry();
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadDiscountReport(chosenParams(filter.values), 'laporan-potongan.xlsx');
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  return (
    <>
      <ReportFilterCard
        title={DISCOUNT_REPORT_TITLE}
        filter={filter}
        onShow={show}
        onDownload={download}
        downloading={downloading}
      />
      <ReportAnswer report={report} applied={params !== null} idle="Pilih filter, lalu klik Tampilkan.">
        {(value) => (
          <Card title="Potongan per Aturan dan Kelas">
            <Typography.Paragraph strong>Total Potongan: {formatIDR(value.total)}</Typography.Paragraph>
            <PagedTable
              columns={COLUMNS}
              rowKey={(r) => `${r.rule_id}:${r.class_id}`}
              aria-label="Potongan per Aturan dan Kelas"
              {...rows}
            />
          </Card>
        )}
      </ReportAnswer>
    </>
  );
}
