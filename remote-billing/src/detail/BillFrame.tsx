import { PageHeader } from '@keuangan/shared';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BillHandle } from './useBill';

/**
 * What every bill detail page shares (Billing Siswa, Billing Peserta PSB): the title with the breadcrumb
 * back to its list, the loading skeleton, the failure with Coba lagi and the way back, then the page's own
 * content for the loaded bill.
 */
export function BillFrame<B extends { id: number }>({
  title,
  listTitle,
  listPath,
  bill,
  children,
}: {
  title: string;
  listTitle: string;
  listPath: string;
  bill: BillHandle<B>;
  children: (bill: B) => ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title} breadcrumb={[{ title: listTitle, path: listPath }, { title }]} />
      {bill.state === 'loading' ? (
        <Card>
          <Skeleton active aria-busy="true" />
        </Card>
      ) : bill.state === 'failed' ? (
        <Result
          status="warning"
          title={bill.message}
          extra={[
            <Button key="retry" type="primary" onClick={bill.reload}>
              Coba lagi
            </Button>,
            <Button key="back" onClick={() => navigate(listPath)}>
              Kembali ke {listTitle}
            </Button>,
          ]}
        />
      ) : (
        children(bill.bill)
      )}
    </>
  );
}

/** Riwayat Pembayaran of a bill: its payment cards (voided ones included), or 'Belum ada pembayaran.'. */
export function PaymentHistory({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Card title="Riwayat Pembayaran" style={{ marginBottom: 16 }}>
      {count === 0 ? (
        <Typography.Paragraph type="secondary">Belum ada pembayaran.</Typography.Paragraph>
      ) : (
        children
      )}
    </Card>
  );
}
