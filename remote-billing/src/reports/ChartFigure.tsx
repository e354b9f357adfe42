import { tableEmpty } from '@keuangan/shared';
import { Empty, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useId } from 'react';
import type { ReportChartProps } from './ReportChart';

/** Chart.js is fetched only when a report shows a chart. */
const ReportChart = lazy(() => import('./ReportChart'));

export interface ChartFigureProps extends Omit<ReportChartProps, 'label'> {
  title: string;
  /** What the chart shows in words (read by screen readers, shown under it): its numbers or their gist. */
  description: string;
}

/**
 * A chart with its title and a description in words (`aria-describedby`), lazily loaded, with an empty state.
 * The full numbers stay in the tables beside it.
 */
export function ChartFigure({ title, description, ...chart }: ChartFigureProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <figure aria-labelledby={titleId} aria-describedby={descriptionId} style={{ margin: 0 }}>
      <Typography.Title level={3} id={titleId} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {chart.values.length === 0 ? (
        <Empty description={tableEmpty()} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
          <ReportChart label={title} {...chart} />
        </Suspense>
      )}
      <figcaption id={descriptionId}>
        <Typography.Text type="secondary">{description}</Typography.Text>
      </figcaption>
    </figure>
  );
}
