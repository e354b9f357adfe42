import {
  apiErrorText,
  ConfirmDialog,
  formatIDR,
  INSTALMENT_LABELS,
  type InstalmentApplyResponse,
  type InstalmentPlanRow,
  type InstalmentRow,
  type ItemInstalments,
  notifyError,
  notifySuccess,
  StatusTag,
  type StudentBillingDetail,
  tableEmpty,
} from '@keuangan/shared';
import { Button, Card, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CENTERED } from '../constants';
import { useInstalmentCalls } from './api';
import type { InstalmentsView } from './useBillInstalments';
import { instalmentDate, OverdueTag } from './words';

const L = INSTALMENT_LABELS;
const dateOf = instalmentDate;

/** Lunas, Terlambat N hari, or not due yet. */
function statusTag(row: InstalmentRow) {
  if (row.owing === 0) return <StatusTag color="green">{L.paidOff}</StatusTag>;
  if (row.overdue_days > 0) return <OverdueTag days={row.overdue_days} />;
  return <Tag>{L.notDue}</Tag>;
}

const COLUMNS: TableColumnsType<InstalmentRow> = [
  { key: 'seq', title: L.seq, dataIndex: 'seq', width: 110 },
  { key: 'due', title: L.dueDate, render: (_, row) => dateOf(row.due_date) },
  { key: 'amount', title: L.amount, align: 'right', render: (_, row) => formatIDR(row.amount) },
  { key: 'paid', title: L.paid, align: 'right', render: (_, row) => formatIDR(row.paid) },
  { key: 'owing', title: L.owing, align: 'right', render: (_, row) => formatIDR(row.owing) },
  { key: 'status', title: 'Status', render: (_, row) => statusTag(row) },
];

type PreviewRow = { key: string; what: string; seq: number; due_date: string; amount: number };

/** What a plan change moves: kept, replaced (old) and added (new) instalments, in one table. */
function PreviewTable({ preview }: { preview: InstalmentApplyResponse }) {
  const rows: PreviewRow[] = [
    ...preview.kept.map((i) => ({ ...i, key: `k${i.seq}`, what: 'Tetap (sudah dibayar)' })),
    ...preview.replaced.map((i) => ({ ...i, key: `r${i.seq}`, what: 'Diganti' })),
    ...preview.added.map((i) => ({ ...i, key: `a${i.seq}`, what: 'Baru' })),
  ];
  return (
    <Table<PreviewRow>
      aria-label="Pratinjau cicilan"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { key: 'what', title: 'Perubahan', dataIndex: 'what' },
        { key: 'seq', title: L.seq, dataIndex: 'seq' },
        { key: 'due', title: L.dueDate, render: (_, row) => dateOf(row.due_date) },
        { key: 'amount', title: L.amount, align: 'right', render: (_, row) => formatIDR(row.amount) },
      ]}
    />
  );
}

/**
 * Cicilan on the bill detail (docs/screens.md#bill-detail): each split item's instalments (paid and owing are
 * derived from its payments), Atur Cicilan (a plan on an item, previewed, then confirmed) and Batalkan Cicilan.
 * `bill` changes after every payment or write: the instalments are read again then. `readOnly` (the embedded
 * view): the instalments only, no plans read, and no card at all while nothing is split.
 */
export function InstalmentsCard({
  bill,
  instalments,
  reload,
  readOnly = false,
}: {
  bill: StudentBillingDetail;
  /** The bill's instalments, read once for the page (the payment form shows them too). */
  instalments: InstalmentsView | undefined;
  reload: () => void;
  readOnly?: boolean;
}) {
  const calls = useInstalmentCalls();
  const items = instalments?.status === 'ready' ? instalments.items : null;
  const [plans, setPlans] = useState<InstalmentPlanRow[]>([]);
  const [itemId, setItemId] = useState<number | undefined>();
  const [planId, setPlanId] = useState<number | undefined>();
  const [preview, setPreview] = useState<InstalmentApplyResponse | null>(null);
  const [cancelling, setCancelling] = useState<ItemInstalments | null>(null);
  const [loadingPreview, setLoadingPreview] = useState(false);

  useEffect(() => {
    if (readOnly) return;
    calls
      .activePlans()
      .then((page) => setPlans(page.data))
      .catch((error: unknown) => notifyError(apiErrorText(error), 'Error'));
  }, [calls, readOnly]);

  const owingItems = bill.student_billing_items.filter((i) => i.total_billing > 0);
  const item = bill.student_billing_items.find((i) => i.id === itemId);

  const showPreview = async () => {
    if (itemId === undefined || planId === undefined) return;
    setLoadingPreview(true);
    try {
      setPreview(await calls.applyPlan(itemId, planId, true));
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setLoadingPreview(false);
    }
  };

  const apply = async (reason: string) => {
    if (itemId === undefined || planId === undefined) return;
    try {
      const answer = await calls.applyPlan(itemId, planId, false, reason || null);
      notifySuccess(answer.message, CENTERED);
      setItemId(undefined);
      setPlanId(undefined);
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setPreview(null);
  };

  const cancel = async (reason: string) => {
    if (!cancelling) return;
    try {
      const answer = await calls.cancel(cancelling.item_id, reason);
      notifySuccess(answer.message, CENTERED);
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setCancelling(null);
  };

  if (readOnly && (items === null || items.length === 0)) return null;
  const failed = instalments?.status === 'failed';
  return (
    <Card title="Cicilan" style={{ marginBottom: 16 }}>
      {(items ?? []).map((split) => (
        <section key={split.item_id} aria-label={`Cicilan ${split.label}`} style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {split.label}
              {split.plan_name ? ` (${split.plan_name})` : ''}
            </Typography.Title>
            {readOnly ? null : (
              <Button danger size="small" onClick={() => setCancelling(split)}>
                Batalkan Cicilan
              </Button>
            )}
          </Flex>
          <Table<InstalmentRow>
            aria-label={`Daftar cicilan ${split.label}`}
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={split.instalments}
            columns={COLUMNS}
            locale={{ emptyText: tableEmpty() }}
          />
        </section>
      ))}
      {failed ? <Typography.Paragraph type="warning">{L.loadFailed}</Typography.Paragraph> : null}
      {items !== null && items.length === 0 ? (
        <Typography.Paragraph type="secondary">Belum ada komponen yang dicicil.</Typography.Paragraph>
      ) : null}
      {!readOnly && owingItems.length > 0 ? (
        <Flex gap={8} wrap align="center">
          <Select<number>
            aria-label="Komponen yang dicicil"
            placeholder="Pilih komponen"
            style={{ minWidth: 220 }}
            value={itemId}
            onChange={setItemId}
            options={owingItems.map((i) => ({
              value: i.id,
              label: `${i.student_fee_component.name} (${formatIDR(i.total_billing)})`,
            }))}
          />
          <Select<number>
            aria-label="Rencana cicilan"
            placeholder={plans.length === 0 ? 'Belum ada rencana aktif' : 'Pilih rencana'}
            style={{ minWidth: 220 }}
            value={planId}
            onChange={setPlanId}
            options={plans.map((p) => ({ value: p.id, label: p.name }))}
          />
          <Button
            type="primary"
            loading={loadingPreview}
            disabled={itemId === undefined || planId === undefined}
            onClick={showPreview}
          >
            {L.apply}
          </Button>
        </Flex>
      ) : null}
      <ConfirmDialog
        open={preview !== null}
        mode="instalment-apply"
        message={
          preview ? (
            <>
              <p>{`Cicilan ${item?.student_fee_component.name ?? ''}: yang sudah dibayar tetap, sisa tagihan dibagi sesuai rencana.`}</p>
              <PreviewTable preview={preview} />
            </>
          ) : null
        }
        reasonLabel={preview && preview.replaced.length > 0 ? 'Alasan perubahan (opsional)' : undefined}
        onConfirm={apply}
        onCancel={() => setPreview(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        mode="instalment-cancel"
        name={cancelling?.label}
        reasonLabel="Alasan (opsional)"
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      />
    </Card>
  );
}
