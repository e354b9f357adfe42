import { formatDate, getConfig, PageHeader, StatusTag, tableEmpty, useLoad } from '@keuangan/shared';
import { Button, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback } from 'react';
import { type PartRow, readAllParts } from './buildInfo';

const COLUMNS: TableColumnsType<PartRow> = [
  { title: 'Bagian', dataIndex: 'part', key: 'part' },
  {
    title: 'Versi',
    key: 'version',
    render: (_, row) => (row.status.state === 'ok' ? row.status.build.buildVersion : '-'),
  },
  {
    title: 'Build',
    key: 'build',
    render: (_, row) =>
      row.status.state === 'ok' ? (
        <span data-testid={`build-${row.key}`}>
          <Typography.Text code>{row.status.build.commit}</Typography.Text>
          {row.status.build.label ? ` ${row.status.build.label}` : ''}
        </span>
      ) : (
        '-'
      ),
  },
  {
    title: 'Waktu Build',
    key: 'builtAt',
    render: (_, row) =>
      row.status.state === 'ok' && row.status.build.builtAt
        ? formatDate(row.status.build.builtAt, 'D MMMM YYYY HH:mm')
        : '-',
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) =>
      row.status.state === 'ok' ? (
        <StatusTag color="green">Tersedia</StatusTag>
      ) : (
        <span>
          <StatusTag color="red">Tidak tersedia</StatusTag> {row.status.reason}
        </span>
      ),
  },
  {
    title: 'Sumber',
    dataIndex: 'source',
    key: 'source',
    render: (source: string) => (
      <Typography.Text style={{ wordBreak: 'break-all' }}>{source}</Typography.Text>
    ),
  },
];

/**
 * Tentang: the version and build of the host and of each remote as deployed now, read from the remotes'
 * manifests at the addresses of assets/config.json, so support can tell what is live. A remote that cannot be
 * reached says so in its row; the rest still show.
 */
export function AboutPage() {
  const load = useCallback((signal: AbortSignal) => readAllParts(getConfig().remotes, signal), []);
  const parts = useLoad(load);
  return (
    <>
      <PageHeader
        title="Tentang"
        extra={
          <Button onClick={parts.retry} loading={parts.state === 'loading'}>
            Muat ulang
          </Button>
        }
      />
      <Card>
        <Table<PartRow>
          aria-label="Versi host dan modul"
          rowKey="key"
          columns={COLUMNS}
          dataSource={parts.state === 'done' ? parts.value : []}
          loading={parts.state === 'loading'}
          pagination={false}
          locale={{
            emptyText: tableEmpty(parts.state === 'failed' ? 'Versi tidak dapat dimuat' : undefined),
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
