import {
  apiErrorText,
  type BankOverview,
  type BankOverviewFigure,
  formatDate,
  formatIDR,
  notifyError,
  useLoad,
} from '@keuangan/shared';
import { Alert, Button, Card, Descriptions, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { downloadReconciliation, fetchOverview } from './api';

const figure = (f: BankOverviewFigure) => `${f.count} mutasi, ${formatIDR(f.amount)}`;
const rupiah = (n: number | null, none: string) => (n === null ? none : formatIDR(n));
const on = (date: string | null) => (date ? ` (${formatDate(date)})` : '');

/** The computed closing balance, and whether it is the statement's (docs/bank-reconciliation.md "Overview"). */
function computedClosing(o: BankOverview) {
  const amount = rupiah(o.computed_closing, 'Saldo awal tidak terbaca');
  if (o.balance_matches === null || o.closing_balance === null || o.computed_closing === null) return amount;
  return o.balance_matches
    ? `${amount}, sesuai rekening koran`
    : `${amount}, tidak sesuai rekening koran (beda ${formatIDR(o.closing_balance - o.computed_closing)})`;
}

/**
 * The month's figures of an account (docs/bank-reconciliation.md "Overview") and its XLSX download; `version`
 * changes after an import or a posting, so the figures are read again.
 */
export function Overview({
  accountId,
  month,
  version,
}: {
  accountId: number;
  month: string;
  version: number;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is what makes a reload fetch again
  const load = useCallback(
    (signal: AbortSignal) => fetchOverview({ bank_account_id: accountId, mm: month }, signal),
    [accountId, month, version],
  );
  const overview = useLoad(load);
  const [saving, setSaving] = useState(false);
  const download = async () => {
    setSaving(true);
    try {
      await downloadReconciliation({ bank_account_id: accountId, mm: month });
    } catch (error) {
      notifyError(apiErrorText(error), 'Unduh gagal');
    }
    setSaving(false);
  };
  const extra = (
    <Button onClick={download} loading={saving}>
      Unduh XLSX
    </Button>
  );
  if (overview.state === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title="Ringkasan tidak dapat dimuat."
        action={<Button onClick={overview.retry}>Coba lagi</Button>}
      />
    );
  }
  return (
    <Card title="Ringkasan Bulan Ini" extra={extra} style={{ marginBottom: 16 }}>
      {overview.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          aria-label="Ringkasan rekonsiliasi"
          items={[
            { key: 'imported', label: 'Diimpor', children: figure(overview.value.imported) },
            { key: 'cocok', label: 'Cocok', children: figure(overview.value.cocok) },
            { key: 'belum', label: 'Belum Cocok', children: figure(overview.value.belum_cocok) },
            { key: 'posted', label: 'Diposting', children: figure(overview.value.posted) },
            { key: 'credit', label: 'Saldo Titipan', children: formatIDR(overview.value.credited) },
            {
              key: 'opening',
              label: `Saldo Awal${on(overview.value.opening_date)}`,
              children: rupiah(overview.value.opening_balance, 'Tidak terbaca'),
            },
            { key: 'credits', label: '+ Kredit', children: figure(overview.value.imported) },
            { key: 'debits', label: '− Debet', children: figure(overview.value.debited) },
            { key: 'computed', label: '= Saldo Akhir', children: computedClosing(overview.value) },
            {
              key: 'closing',
              label: `Saldo Akhir Rekening Koran${on(overview.value.closing_date)}`,
              children: rupiah(overview.value.closing_balance, 'Belum ada saldo akhir'),
            },
            {
              key: 'received',
              label: 'Diterima menurut Keuangan',
              children: formatIDR(overview.value.received),
            },
            {
              key: 'difference',
              label: 'Selisih (kredit belum diposting)',
              children: formatIDR(overview.value.difference),
            },
          ]}
        />
      )}
    </Card>
  );
}
