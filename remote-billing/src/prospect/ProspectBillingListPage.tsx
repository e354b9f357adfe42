import {
  ALL,
  CascadeFilterBar,
  chosenParams,
  EyeIcon,
  ListSearch,
  PagedTable,
  PageHeader,
  PROSPECTIVE_BILLING_PAGE_SIZE,
  type ProspectiveBilling,
  type PsbEventStype,
  prospectBillPath,
  prospectFilterOptions,
  useCascadeFilter,
} from '@keuangan/shared';
import { Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CENTERED } from '../constants';
import { PaymentStatusTag } from '../detail/statusTags';
import { moneyColumn } from '../list/moneyColumn';
import { PaymentStatusFilter } from '../list/PaymentStatusFilter';
import { useProspectBillingList } from './api';
import { PROSPECT_AREAS } from './paths';

/** Status Pembayaran, 'Semua' by default (docs/screens.md). */
const EXTRA = { payment_status: ALL as number | typeof ALL };

/**
 * Billing Peserta PSB (docs/screens.md) or Billing Peserta Mutasi: the bills of the prospects of one event type,
 * filtered by department, entry year, event (the prospect screens' filter, the events of that type) and payment
 * status, with a search; 5 a page.
 */
export function ProspectBillingListPage({ stype }: { stype: PsbEventStype }) {
  const area = PROSPECT_AREAS[stype];
  const options = useMemo(
    () => prospectFilterOptions({ storageKey: area.storageKey, context: { stype }, extra: EXTRA }),
    [area, stype],
  );
  const filter = useCascadeFilter(options);
  const [q, setQ] = useState('');
  const query = useProspectBillingList(
    { ...chosenParams(filter.values, { department_id: 'deptId' }), stype, q, orderby: 'id', sort: 'asc' },
    { pageSize: PROSPECTIVE_BILLING_PAGE_SIZE, errorToast: CENTERED },
  );

  const columns: TableColumnsType<ProspectiveBilling> = [
    { key: 'bill_number', title: 'No. Billing', dataIndex: 'bill_number' },
    {
      key: 'event_type',
      title: 'Tipe / Departemen',
      render: (_v, bill) => (
        <Flex vertical>
          <span>{bill.psb_event_stype.name}</span>
          <Typography.Text type="secondary">{bill.department.name}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'prospect',
      title: 'Calon Siswa',
      render: (_v, bill) => (
        <Flex vertical>
          <strong>{bill.psb_event_prospective.name}</strong>
          <span>{bill.psb_event_prospective.reg_number}</span>
        </Flex>
      ),
    },
    { key: 'event', title: 'Event', render: (_v, bill) => bill.psb_event.code },
    moneyColumn<ProspectiveBilling>('Total Biaya', 'total_amount'),
    moneyColumn<ProspectiveBilling>('Pembayaran', 'total_payment'),
    moneyColumn<ProspectiveBilling>('Sisa Tagihan', 'total_billing'),
    {
      key: 'status',
      title: 'Status',
      render: (_v, bill) => <PaymentStatusTag status={bill.payment_status} />,
    },
    {
      key: 'actions',
      title: 'Aksi',
      fixed: 'right',
      render: (_v, bill) => (
        <Link
          to={prospectBillPath(bill.id, stype)}
          aria-label={`Detail ${bill.bill_number} ${bill.psb_event_prospective.name}`}
        >
          <EyeIcon /> Detail
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={area.title} />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          extra={
            <PaymentStatusFilter
              value={filter.values.payment_status}
              onChange={(value) => filter.set('payment_status', value)}
            />
          }
        />
        <ListSearch
          label={`Cari ${area.title}`}
          placeholder="Cari nama, no. registrasi, no. billing"
          onSearch={setQ}
        />
      </Card>
      <Card>
        <PagedTable<ProspectiveBilling>
          aria-label={`Daftar ${area.title}`}
          numberTitle="No."
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
