import {
  CREDIT_REPORT_PAGE_SIZE,
  creditSourceLabel,
  formatDateTime,
  formatIDR,
  formatRupiah,
  PagedTable,
  type StudentCreditMovementReport,
  type StudentCreditReportMovement,
} from '@keuangan/shared';
import { Card, Form, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { PeriodFields } from '../books/PeriodFields';
import { CENTERED } from '../constants';
import { type CreditReportFilter, useCreditMovements } from './api';

const COLUMNS: TableColumnsType<StudentCreditReportMovement> = [
  { key: 'date', title: 'Tanggal', render: (_v, m) => formatDateTime(m.created_at) },
  { key: 'nis', title: 'NIS', dataIndex: 'nis' },
  { key: 'name', title: 'Nama Siswa', dataIndex: 'name' },
  { key: 'class', title: 'Kelas', render: (_v, m) => m.class_name ?? '-' },
  { key: 'source', title: 'Sumber', render: (_v, m) => creditSourceLabel(m.source) },
  { key: 'note', title: 'Keterangan', render: (_v, m) => m.note ?? '-' },
  {
    key: 'amount',
    title: 'Jumlah',
    align: 'right',
    render: (_v, m) => (m.amount > 0 ? `+${formatRupiah(m.amount)}` : `-${formatRupiah(-m.amount)}`),
  },
];

type Period = { date_from?: string | undefined; date_to?: string | undefined };

/**
 * Laporan Saldo Titipan's movements (docs/screens.md#reports): with a range of days chosen, every movement of the
 * report's filter in it, newest first, and what came in and went out.
 */
export function CreditMovementsCard({ filter }: { filter: CreditReportFilter | null }) {
  const [period, setPeriod] = useState<Period>({});
  const chosen = Boolean(period.date_from || period.date_to);
  const params = filter && chosen ? { ...filter, ...definedOf(period) } : null;
  const list = useCreditMovements(params ?? {}, {
    pageSize: CREDIT_REPORT_PAGE_SIZE,
    enabled: params !== null,
    errorToast: CENTERED,
  });
  const report = list.data as StudentCreditMovementReport | null;
  return (
    <Card title="Mutasi Saldo Titipan" style={{ marginTop: 16 }}>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <PeriodFields
          idPrefix="credit-movements"
          onChange={(change) => setPeriod((p) => ({ ...p, ...change }))}
        />
      </Form>
      {params ? (
        <>
          <PagedTable<StudentCreditReportMovement>
            columns={COLUMNS}
            rowKey="id"
            aria-label="Mutasi Saldo Titipan"
            emptyText="Tidak ada mutasi Saldo Titipan"
            {...list.tableProps}
          />
          {report ? (
            <Typography.Paragraph strong style={{ marginTop: 8 }}>
              Masuk {formatIDR(report.total_in)} · Keluar {formatIDR(-report.total_out)}
            </Typography.Paragraph>
          ) : null}
        </>
      ) : (
        <Typography.Text type="secondary">
          Pilih Dari Tanggal atau Sampai Tanggal untuk melihat mutasi.
        </Typography.Text>
      )}
    </Card>
  );
}

/** The ends chosen (an emptied one is left out, an open end). */
const definedOf = (period: Period) =>
  Object.fromEntries(Object.entries(period).filter(([, value]) => value !== undefined));
