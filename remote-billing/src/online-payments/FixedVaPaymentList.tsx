import {
  ALL,
  CascadeFilterBar,
  chosenParams,
  FIXED_VA_BANKS,
  type FilterSelectSpec,
  type FixedVaPaymentRow,
  formatDateTime,
  formatIDR,
  ListSearch,
  PagedTable,
  StatusTag,
  useCascadeFilter,
  withAll,
} from '@keuangan/shared';
import { Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type FixedVaPaymentListParams, useFixedVaPaymentList } from './api';
import { FLAGGED_SELECT } from './filters';
import { OUTCOME_LABELS } from './outcomes';

type VaFilter = { bank: string; flagged: string };
const NO_FILTER: VaFilter = { bank: ALL, flagged: ALL };
const SELECTS: FilterSelectSpec<keyof VaFilter>[] = [
  {
    name: 'bank',
    label: 'Bank',
    options: withAll(FIXED_VA_BANKS.map((bank) => ({ value: bank, label: bank.toUpperCase() }))),
  },
  FLAGGED_SELECT,
];

const COLUMNS = [
  {
    key: 'received',
    title: 'Diterima',
    render: (_: unknown, row: FixedVaPaymentRow) => formatDateTime(row.received_at),
  },
  {
    key: 'student',
    title: 'Siswa',
    render: (_: unknown, row: FixedVaPaymentRow) => (
      <Link to={`/student-billing/student/${row.student_id}`}>{row.student_name}</Link>
    ),
  },
  {
    key: 'va',
    title: 'VA Tetap',
    render: (_: unknown, row: FixedVaPaymentRow) => (
      <span>
        {row.bank.toUpperCase()}
        <div>{row.account_number}</div>
      </span>
    ),
  },
  {
    key: 'amount',
    title: 'Jumlah',
    align: 'right' as const,
    render: (_: unknown, row: FixedVaPaymentRow) => (row.amount === null ? '-' : formatIDR(row.amount)),
  },
  {
    key: 'payments',
    title: 'Pembayaran',
    render: (_: unknown, row: FixedVaPaymentRow) =>
      row.payments.length === 0 ? '-' : row.payments.map((p) => p.receipt_number ?? `#${p.id}`).join(', '),
  },
  {
    key: 'credit',
    title: 'Saldo Titipan',
    align: 'right' as const,
    render: (_: unknown, row: FixedVaPaymentRow) => (row.credit_amount ? formatIDR(row.credit_amount) : '-'),
  },
  {
    key: 'status',
    title: 'Status',
    render: (_: unknown, row: FixedVaPaymentRow) => (
      <Space direction="vertical" size={2}>
        <Tag>{OUTCOME_LABELS[row.outcome] ?? row.outcome}</Tag>
        {row.flagged ? <StatusTag color="red">Perlu diperiksa: {row.flag_reason}</StatusTag> : null}
      </Space>
    ),
  },
  {
    key: 'reference',
    title: 'Referensi Penyedia',
    render: (_: unknown, row: FixedVaPaymentRow) => row.provider_payment_id ?? '-',
  },
];

/**
 * Pembayaran Online's VA Tetap tab (docs/online-payments.md, "Staff"): every sum that arrived on a student's fixed
 * VA, with the payments it made and its Saldo Titipan part, the flagged ones first; filtered by bank or flag.
 */
export function FixedVaPaymentList() {
  const [q, setQ] = useState('');
  const filter = useCascadeFilter<VaFilter>({
    storageKey: 'pembayaran-online-va-tetap',
    fields: [],
    extra: NO_FILTER,
  });
  const params: FixedVaPaymentListParams = {
    ...(filter.applied ? (chosenParams(filter.applied) as FixedVaPaymentListParams) : {}),
    ...(q ? { q } : {}),
  };
  const query = useFixedVaPaymentList(params, {});
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          selects={SELECTS}
          actions={
            <Button
              type="primary"
              onClick={() => {
                filter.apply();
                query.reload();
              }}
            >
              Tampilkan
            </Button>
          }
        />
      </Card>
      <Card>
        <ListSearch label="Cari Pembayaran VA Tetap" placeholder="Nama siswa atau nomor VA" onSearch={setQ} />
        <PagedTable<FixedVaPaymentRow>
          aria-label="Daftar Pembayaran VA Tetap"
          columns={COLUMNS}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
