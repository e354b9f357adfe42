import {
  apiErrorText,
  ConfirmDialog,
  type DiscountApplyPreview,
  type DiscountRule,
  formatMonth,
  formatRupiah,
  notifyError,
  notifySuccess,
} from '@keuangan/shared';
import { Alert, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyDiscountRule, previewDiscountRule } from './api';

type Preview =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; value: DiscountApplyPreview };

// The bill's number says which bill each discount lands on (a student may have several in the month).
const COLUMNS = [
  { key: 'bill', dataIndex: 'bill_number', title: 'No. Billing' },
  { key: 'student', dataIndex: 'student_name', title: 'Siswa' },
  { key: 'class', dataIndex: 'class_name', title: 'Kelas' },
  { key: 'mm', dataIndex: 'mm', title: 'Bulan', render: (mm: string) => formatMonth(mm) },
  { key: 'fee', dataIndex: 'fee_type_name', title: 'Biaya' },
  {
    key: 'discount',
    dataIndex: 'total_discount',
    title: 'Potongan',
    align: 'right' as const,
    render: (n: number) => formatRupiah(n),
  },
];

/**
 * Terapkan ke tagihan yang belum dibayar (docs/money.md#discount-rules): the preview first (how many items, the
 * total given away, the first items), then the confirmation applies exactly that.
 */
export function ApplyRuleDialog({
  rule,
  onClose,
  onApplied,
}: {
  rule: DiscountRule | null;
  onClose: () => void;
  onApplied: () => void;
}) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  const ruleId = rule?.id;

  useEffect(() => {
    if (ruleId === undefined) return;
    setPreview({ state: 'loading' });
    previewDiscountRule(ruleId)
      .then((value) => setPreview({ state: 'done', value }))
      .catch((error: unknown) => setPreview({ state: 'failed', message: apiErrorText(error) }));
  }, [ruleId]);

  const apply = async () => {
    if (!rule || preview.state !== 'done') return;
    try {
      const result = await applyDiscountRule(rule.id, preview.value.total);
      notifySuccess(`${result.message}: ${result.count} item, ${formatRupiah(result.total)}`);
      onApplied();
      onClose();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  const message =
    preview.state === 'loading' ? (
      <Spin aria-label="Menghitung potongan" />
    ) : preview.state === 'failed' ? (
      <Alert type="error" showIcon title={preview.message} />
    ) : preview.value.count === 0 ? (
      <p role="status">Tidak ada tagihan belum dibayar yang mendapat potongan ini.</p>
    ) : (
      <>
        <p role="status">
          Aturan <strong>{rule?.name}</strong> akan diterapkan ke {preview.value.count} item tagihan yang
          belum dibayar. <br />
          <Typography.Text strong>Total potongan {formatRupiah(preview.value.total)}</Typography.Text>
        </p>
        <Table
          aria-label="Item yang mendapat potongan"
          size="small"
          rowKey="item_id"
          columns={COLUMNS}
          dataSource={preview.value.items}
          pagination={{ pageSize: 5, showSizeChanger: false }}
        />
      </>
    );

  return (
    <ConfirmDialog
      open={rule !== null}
      mode="discount-apply"
      name={rule?.name ?? ''}
      message={message}
      onConfirm={apply}
      onCancel={onClose}
    />
  );
}
