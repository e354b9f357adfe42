import {
  apiErrorText,
  DISCOUNT_REPORT_TITLE,
  type DiscountReportRow,
  formatIDR,
  notifyError,
  PagedTable,
  PageHeader,
  useLoad,
  useLocalPages,
} from '@keuangan/shared';
import { Alert, Button, Card, Flex, Input, Skeleton, type TableColumnsType, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { downloadDiscountReport, fetchDiscountReport } from './api';
import { countColumn, rupiahColumn } from './format';

const COLUMNS: TableColumnsType<DiscountReportRow> = [
  { key: 'rule', dataIndex: 'rule_name', title: 'Aturan' },
  { key: 'class', dataIndex: 'class_name', title: 'Kelas' },
  countColumn<DiscountReportRow>('Siswa', 'students'),
  countColumn<DiscountReportRow>('Item', 'items'),
  rupiahColumn<DiscountReportRow>('Total Potongan', 'total'),
];

/** The months chosen, as the API takes them (an empty field: no bound). */
const monthParams = (range: { from_mm: string; to_mm: string }) =>
  Object.fromEntries(Object.entries(range).filter(([, value]) => value !== ''));

/**
 * Laporan Potongan (docs/screens.md#reports): what the discount rules gave, per rule and class of the bill, for the
 * bills' months chosen; Unduh XLSX. The figures: docs/money.md#discount-rules.
 */
export function DiscountReportPage() {
  const [range, setRange] = useState({ from_mm: '', to_mm: '' });
  const [applied, setApplied] = useState(range);
  const key = JSON.stringify(monthParams(applied));
  const load = useCallback((signal: AbortSignal) => fetchDiscountReport(JSON.parse(key), signal), [key]);
  const report = useLoad(load);
  const rows = useLocalPages(report.state === 'done' ? report.value.rows : null);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadDiscountReport(monthParams(range), 'laporan-potongan.xlsx');
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  return (
    <>
      <PageHeader title={DISCOUNT_REPORT_TITLE} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="end">
          <Flex vertical>
            <label htmlFor="discount-report-from">Dari Bulan</label>
            <Input
              id="discount-report-from"
              type="month"
              value={range.from_mm}
              onChange={(e) => setRange({ ...range, from_mm: e.target.value })}
            />
          </Flex>
          <Flex vertical>
            <label htmlFor="discount-report-to">Sampai Bulan</label>
            <Input
              id="discount-report-to"
              type="month"
              value={range.to_mm}
              onChange={(e) => setRange({ ...range, to_mm: e.target.value })}
            />
          </Flex>
          <Button
            type="primary"
            // The same months again: load them again; other months load by themselves.
            onClick={() =>
              JSON.stringify(range) === JSON.stringify(applied) ? report.retry() : setApplied(range)
            }
          >
            Tampilkan
          </Button>
          <Button loading={downloading} onClick={download}>
            Unduh XLSX
          </Button>
        </Flex>
      </Card>
      {report.state === 'loading' ? (
        <Card aria-busy="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : report.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="Laporan tidak dapat dimuat."
          action={
            <Button size="small" onClick={report.retry}>
              Coba Lagi
            </Button>
          }
        />
      ) : (
        <Card title="Potongan per Aturan dan Kelas">
          <Typography.Paragraph strong>Total Potongan: {formatIDR(report.value.total)}</Typography.Paragraph>
          <PagedTable
            columns={COLUMNS}
            rowKey={(r) => `${r.rule_id}:${r.class_id}`}
            aria-label="Potongan per Aturan dan Kelas"
            {...rows}
          />
        </Card>
      )}
    </>
  );
}
