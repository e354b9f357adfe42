import type { Load } from '@keuangan/shared';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/**
 * A report's answer and what stands in for it (docs/screens.md#reports): until its filter is applied, `idle` (a
 * hint; none: nothing); while it loads, a skeleton; when it fails, an error with Coba Lagi; then `children`.
 */
export function ReportAnswer<T>({
  report,
  applied,
  idle,
  children,
}: {
  report: Load<T | null> & { retry(): void };
  applied: boolean;
  idle?: string;
  children: (value: T) => ReactNode;
}) {
  if (!applied)
    return idle ? (
      <Card>
        <Empty description={idle} />
      </Card>
    ) : null;
  if (report.state === 'loading')
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (report.state === 'failed' || report.value === null)
    return (
      <Alert
        type="error"
        showIcon
        title="Laporan tidak dapat dimuat."
        action={
          <Button size="small" onClick={report.retry}>
            Coba Lagi
          </Button>
        }
      />
    );
  return <>{children(report.value)}</>;
}
