import type { DashboardSummary } from '@keuangan/shared/contract';
import { apiErrorText, isCancelledRequest, Panel } from '@keuangan/shared/core';
import { formatIDR, formatNumber, PageHeader } from '@keuangan/shared/shell';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchDashboardSummary } from './api';

// Shown only when the summary fails, so loaded then: the first screen does not carry it (README "Measuring").
const Alert = lazy(() => import('antd/es/alert'));

interface Tile {
  field: keyof DashboardSummary;
  title: string;
  to: string;
  format: (value: number) => string;
  /** A line under the figure: the part of it of another field. */
  part?: { field: keyof DashboardSummary; label: string };
}

/** The four finance totals of docs/screens.md, each linking to where its numbers come from. */
const TILES: Tile[] = [
  { field: 'active_student_total', title: 'Total Siswa Aktif', to: '/student', format: formatNumber },
  {
    field: 'total_amount_this_month',
    title: 'Total Biaya Bulan Ini',
    to: '/student-billing',
    format: formatIDR,
  },
  {
    field: 'total_payment_this_month',
    title: 'Pembayaran Siswa Bulan Ini',
    to: '/student-billing',
    format: formatIDR,
    part: { field: 'online_payment_this_month', label: 'termasuk Pembayaran Online' },
  },
  {
    field: 'total_billing_this_month',
    title: 'Sisa Tagihan Bulan Ini',
    to: '/student-billing',
    format: formatIDR,
  },
];

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; summary: DashboardSummary };

export function DashboardPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchSummary = useCallback((signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    fetchDashboardSummary(signal)
      .then((summary) => setLoad({ state: 'done', summary }))
      .catch((error: unknown) => {
        if (!isCancelledRequest(error)) setLoad({ state: 'failed', message: apiErrorText(error) });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchSummary(controller.signal);
    return () => controller.abort();
  }, [fetchSummary]);

  return (
    <>
      <PageHeader title="Dashboard" />
      {load.state === 'failed' ? (
        <Suspense fallback={null}>
          <Alert
            type="error"
            showIcon
            title="Ringkasan keuangan tidak dapat dimuat."
            description={<span style={{ whiteSpace: 'pre-line' }}>{load.message}</span>}
            action={<Button onClick={() => fetchSummary()}>Coba lagi</Button>}
            style={{ marginBottom: 16 }}
          />
        </Suspense>
      ) : null}
      <Row gutter={[16, 16]} aria-busy={load.state === 'loading'}>
        {TILES.map((tile) => (
          <Col key={tile.field} xs={24} sm={12} xl={6}>
            <Link to={tile.to} data-testid={tile.field} style={{ display: 'block', height: '100%' }}>
              <Panel hoverable style={{ height: '100%' }}>
                {load.state === 'done' ? (
                  <>
                    <Statistic
                      title={tile.title}
                      value={load.summary[tile.field]}
                      formatter={(value) => (
                        <span data-testid={`${tile.field}-value`}>{tile.format(Number(value))}</span>
                      )}
                    />
                    {tile.part ? (
                      <div style={{ color: 'rgba(0,0,0,0.65)', marginTop: 4 }} data-testid={tile.part.field}>
                        {tile.part.label} {tile.format(load.summary[tile.part.field])}
                      </div>
                    ) : null}
                  </>
                ) : (
                  <>
                    <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{tile.title}</div>
                    {load.state === 'loading' ? (
                      <Skeleton.Input active size="large" />
                    ) : (
                      <span style={{ fontSize: 24 }}>-</span>
                    )}
                  </>
                )}
              </Panel>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
