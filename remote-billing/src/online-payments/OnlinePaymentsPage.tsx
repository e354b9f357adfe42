import {
  ALL,
  CascadeFilterBar,
  canManageOnlineSettings,
  chosenParams,
  type FilterSelectSpec,
  formatDateTime,
  formatIDR,
  ListSearch,
  ONLINE_CHANNEL_LABELS,
  ONLINE_CHANNELS,
  ONLINE_CHARGE_STATUS_LABELS,
  type OnlineCharge,
  PagedTable,
  PageHeader,
  StatusTag,
  useCascadeFilter,
  useSession,
  withAll,
} from '@keuangan/shared';
import { Button, Card, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type OnlineChargeListParams, useOnlineChargeList } from './api';
import { ChargeDetailDialog } from './ChargeDetailDialog';
import { FixedVaPaymentList } from './FixedVaPaymentList';
import { FLAGGED_SELECT } from './filters';
import { OnlineSettingsTab } from './OnlineSettingsTab';

type ChargeFilter = { status: string; channel: string; flagged: string };
const NO_FILTER: ChargeFilter = { status: ALL, channel: ALL, flagged: ALL };
const SELECTS: FilterSelectSpec<keyof ChargeFilter>[] = [
  {
    name: 'status',
    label: 'Status',
    options: withAll(Object.entries(ONLINE_CHARGE_STATUS_LABELS).map(([value, label]) => ({ value, label }))),
  },
  {
    name: 'channel',
    label: 'Kanal',
    options: withAll(ONLINE_CHANNELS.map((value) => ({ value, label: ONLINE_CHANNEL_LABELS[value] }))),
  },
  FLAGGED_SELECT,
];

const STATUS_COLORS: Partial<Record<OnlineCharge['status'], 'green' | 'red' | 'orange' | 'blue'>> = {
  posted: 'green',
  settlement: 'blue',
  credited: 'orange',
  pending: 'blue',
};

const columnsOf = (onDetail: (charge: OnlineCharge) => void) => [
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
      <Space size={12} wrap>
        <Link to={`/student-billing/show/${row.student_billing_id}`}>Lihat tagihan</Link>
        <Button size="small" onClick={() => onDetail(row)} aria-label={`Rincian ${row.order_id}`}>
          Rincian
        </Button>
      </Space>
    ),
  },
];

/**
 * Pembayaran Online (docs/online-payments.md, "Staff"): tab Daftar, the branch's gateway charges, those to look
 * at first (flagged, then received but not yet posted), filtered by status, channel or "perlu diperiksa"; Rincian
 * shows a charge's notifications and asks the provider again. Tab VA Tetap: the money on students' fixed VAs. Tab Pengaturan: the branch's provider and channels.
 */
export function OnlinePaymentsPage() {
  // Pengaturan is for admins only (docs/roles.md, "Online payments"); the API refuses others' saves too.
  const admin = useSession((s) => canManageOnlineSettings(s.user?.roles.map((r) => r.slug) ?? []));
  return (
    <>
      <PageHeader title="Pembayaran Online" />
      {/* A list is mounted only while open: it reads afresh when shown, and the two lists' filters never share a
          label. Pengaturan stays mounted once opened, so a tab switch keeps its unsaved edits
          (docs/decisions.md, "Tabs keep unsaved edits"). */}
      <Tabs
        items={[
          { key: 'daftar', label: 'Daftar', destroyOnHidden: true, children: <ChargeList /> },
          // A tab of its own: a fixed VA's money has no charge, order or expiry (docs/online-payments.md, "Staff").
          { key: 'va-tetap', label: 'VA Tetap', destroyOnHidden: true, children: <FixedVaPaymentList /> },
          ...(admin ? [{ key: 'pengaturan', label: 'Pengaturan', children: <OnlineSettingsTab /> }] : []),
        ]}
      />
    </>
  );
}

function ChargeList() {
  const [q, setQ] = useState('');
  const [detail, setDetail] = useState<OnlineCharge | null>(null);
  const filter = useCascadeFilter<ChargeFilter>({
    storageKey: 'pembayaran-online',
    fields: [],
    extra: NO_FILTER,
  });
  const params: OnlineChargeListParams = {
    ...(filter.applied ? (chosenParams(filter.applied) as OnlineChargeListParams) : {}),
    ...(q ? { q } : {}),
  };
  const query = useOnlineChargeList(params, {});
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
        <ListSearch label="Cari Pembayaran Online" placeholder="No. order atau nomor VA" onSearch={setQ} />
        <PagedTable<OnlineCharge>
          aria-label="Daftar Pembayaran Online"
          columns={columnsOf(setDetail)}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
      {detail ? (
        <ChargeDetailDialog chargeId={detail.id} onClose={() => setDetail(null)} onChanged={query.reload} />
      ) : null}
    </>
  );
}
