import {
  apiErrorText,
  ConfirmDialog,
  type InstalmentPlanRow,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  PlusIcon,
  StatusTag,
} from '@keuangan/shared';
import { Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { setInstalmentPlanActive, useInstalmentPlanList } from './api';
import { PLAN_LIST_TITLE, sharesSummary } from './constants';

/**
 * Rencana Cicilan (docs/screens.md#rencana-cicilan): the branch's plans, active first; add, change, deactivate
 * (never delete: instalments made from a plan keep naming it) and reactivate.
 */
export function InstalmentPlanListPage() {
  const navigate = useNavigate();
  const query = useInstalmentPlanList({});
  const [deactivating, setDeactivating] = useState<InstalmentPlanRow | null>(null);

  const setActive = async (plan: InstalmentPlanRow, active: boolean) => {
    try {
      const answer = await setInstalmentPlanActive(plan.id, active);
      notifySuccess(answer.message);
      query.reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDeactivating(null);
  };

  const columns = [
    { key: 'name', title: 'Nama', dataIndex: 'name' },
    {
      key: 'shares',
      title: 'Cicilan',
      render: (_: unknown, row: InstalmentPlanRow) => `${row.shares.length}x: ${sharesSummary(row.shares)}`,
    },
    {
      key: 'used',
      title: 'Dipakai',
      render: (_: unknown, row: InstalmentPlanRow) => `${row.used_items} komponen`,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_: unknown, row: InstalmentPlanRow) =>
        row.active ? <StatusTag color="green">Aktif</StatusTag> : <Tag>Nonaktif</Tag>,
    },
    {
      key: 'actions',
      title: 'Aksi',
      render: (_: unknown, row: InstalmentPlanRow) => (
        <Space>
          <Link to={`edit/${row.id}`} aria-label={`Ubah ${row.name}`}>
            Ubah
          </Link>
          {row.active ? (
            <Button size="small" danger onClick={() => setDeactivating(row)}>
              Nonaktifkan
            </Button>
          ) : (
            <Button size="small" onClick={() => setActive(row, true)}>
              Aktifkan
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={PLAN_LIST_TITLE}
        extra={
          <Button type="primary" icon={<PlusIcon />} onClick={() => navigate('add')}>
            Tambah Rencana
          </Button>
        }
      />
      <Card>
        <PagedTable<InstalmentPlanRow>
          aria-label="Daftar Rencana Cicilan"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
      <ConfirmDialog
        open={deactivating !== null}
        mode="instalment-plan-deactivate"
        name={deactivating?.name}
        onConfirm={() => (deactivating ? setActive(deactivating, false) : undefined)}
        onCancel={() => setDeactivating(null)}
      />
    </>
  );
}
