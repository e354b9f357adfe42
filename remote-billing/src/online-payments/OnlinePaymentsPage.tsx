import {
  formatDateTime,
  formatIDR,
  ListSearch,
  ONLINE_CHANNEL_LABELS,
  ONLINE_CHARGE_STATUS_LABELS,
  type OnlineCharge,
  PagedTable,
  PageHeader,
  StatusTag,
} from '@keuangan/shared';
import { Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useOnlineChargeList } from './api';

const STATUS_COLORS: Partial<Record<OnlineCharge['status'], 'green' | 'red' | 'orange' | 'blue'>> = {
  posted: 'green',
  settlement: 'blue',
  credited: 'orange',
  pending: 'blue',
};

const columns = [
  { key: 'order', title: 'No. Order', dataIndex: 'order_id' },
  {
    key: 'created',
    title: 'Dibuat',
    render: (_: unknown, row: OnlineCharge) => formatDateTime(row.created_at),
  },
  {
    key: 'channel',
    title: 'Kanal',
    render: (_: unknown, row: OnlineCharge) => (
      <span>
        {ONLINE_CHANNEL_LABELS[row.channel]}
        {row.va_number ? <div>{row.va_number}</div> : null}
      </span>
    ),
  },
  {
    key: 'amount',
    title: 'Jumlah',
    align: 'right' as const,
    render: (_: unknown, row: OnlineCharge) => formatIDR(row.amount),
  },
  {
    key: 'status',
    title: 'Status',
    render: (_: unknown, row: OnlineCharge) => {
      const color = STATUS_COLORS[row.status];
      const label = ONLINE_CHARGE_STATUS_LABELS[row.status];
      return (
        <Space direction="vertical" size={2}>
          {color ? <StatusTag color={color}>{label}</StatusTag> : <Tag>{label}</Tag>}
          {row.flagged ? <StatusTag color="red">Perlu diperiksa: {row.flag_reason}</StatusTag> : null}
        </Space>
      );
    },
  },
  {
    key: 'reference',
    title: 'Referensi Penyedia',
    render: (_: unknown, row: OnlineCharge) => row.provider_transaction_id ?? row.provider_charge_id ?? '-',
  },
  {
    key: 'bill',
    title: 'Tagihan',
    render: (_: unknown, row: OnlineCharge) => (
      <Link to={`/student-billing/show/${row.student_billing_id}`}>Lihat tagihan</Link>
    ),
  },
];

/**
 * Pembayaran Online (docs/online-payments.md, "Staff"): the branch's gateway charges, those to look at first
 * (flagged, then received but not yet posted), with their status, channel, amount and provider reference.
 */
export function OnlinePaymentsPage() {
  const [q, setQ] = useState('');
  const query = useOnlineChargeList(q, {});
  return (
    <>
      <PageHeader title="Pembayaran Online" />
      <Card>
        <ListSearch label="Cari Pembayaran Online" placeholder="No. order atau nomor VA" onSearch={setQ} />
        <PagedTable<OnlineCharge>
          aria-label="Daftar Pembayaran Online"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
