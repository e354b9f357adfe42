import { type BreadcrumbLink, PageHeader } from '@keuangan/shared/shell';
import { Button, Card, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Load } from './useLoad';

/** An item that could not be loaded (the toast said why): try again, or back to the list. */
export function LoadFailed({
  title,
  onRetry,
  backTo,
}: {
  title: string;
  onRetry: () => void;
  backTo: string;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={title}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          Coba lagi
        </Button>,
        <Button key="back" onClick={() => navigate(backTo)}>
          Kembali
        </Button>,
      ]}
    />
  );
}

export interface RecordFrameProps<T> {
  title: string;
  breadcrumb: BreadcrumbLink[];
  /** The record's load (`useLoad`). */
  record: Load<T> & { retry(): void };
  /** 'Memuat data siswa…' */
  loadingText: string;
  /** 'Data siswa tidak dapat dimuat' */
  failedText: string;
  /** Where Kembali goes after a failed load. */
  backTo: string;
  extra?: ReactNode;
  /** False when the loaded content brings its own card (a form page): loading and failure still show in one. */
  framed?: boolean;
  children: (value: T) => ReactNode;
}

/** The frame of a view or edit page: title and breadcrumb, then the record once loaded (spinner, or retry). */
export function RecordFrame<T>({
  title,
  breadcrumb,
  record,
  loadingText,
  failedText,
  backTo,
  extra,
  framed = true,
  children,
}: RecordFrameProps<T>) {
  const loaded = record.state === 'done' ? children(record.value) : undefined;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} extra={extra} />
      {loaded !== undefined && !framed ? (
        loaded
      ) : (
        <Card>
          {record.state === 'loading' ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin description={loadingText} />
            </Flex>
          ) : record.state === 'failed' ? (
            <LoadFailed title={failedText} onRetry={record.retry} backTo={backTo} />
          ) : (
            loaded
          )}
        </Card>
      )}
    </>
  );
}

const linkButtonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  border: '1px solid #d9d9d9',
  borderRadius: 6,
} as const;

/**
 * A small icon-only link shaped like a button (a real link: it opens in a new tab too). `label` names it
 * for screen readers and shows as its tooltip.
 */
export function LinkButton({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Link to={to} aria-label={label} title={label} style={linkButtonStyle}>
      {icon}
    </Link>
  );
}
