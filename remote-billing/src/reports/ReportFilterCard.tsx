import { type CascadeFilter, CascadeFilterBar, type ExtraFilterValues, PageHeader } from '@keuangan/shared';
import { Button, Card } from 'antd';

/**
 * A report's title and filter (docs/screens.md#reports): the cascade, **Tampilkan** and **Unduh XLSX** of the same
 * filter, both waiting until the filter is complete.
 */
export function ReportFilterCard<E extends ExtraFilterValues>({
  title,
  filter,
  onShow,
  onDownload,
  downloading,
}: {
  title: string;
  filter: CascadeFilter<E>;
  onShow: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          actions={
            <>
              <Button type="primary" disabled={!filter.complete} onClick={onShow}>
                Tampilkan
              </Button>
              <Button disabled={!filter.complete} loading={downloading} onClick={onDownload}>
                Unduh XLSX
              </Button>
            </>
          }
        />
      </Card>
    </>
  );
}
