import {
  apiErrorText,
  type BooksPeriod,
  ConfirmDialog,
  formatDateTime,
  formatMonth,
  notifyError,
  notifySuccess,
  PagedTable,
  StatusTag,
  useLoad,
  useLocalPages,
} from '@keuangan/shared';
import { Button, Card, DatePicker, Flex, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { CENTERED } from '../constants';
import { useToday } from '../today';
import { closePeriod, fetchPeriods, reopenPeriod } from './api';

type Dialog = { mode: 'books-close' | 'books-reopen'; mm: string } | null;

/**
 * Tutup Buku (docs/books.md "Closing a month"): the branch's closed months; managers close an ended month and
 * reopen one with a reason, each after a confirmation.
 */
export function PeriodCard({ onChanged }: { onChanged: () => void }) {
  const today = useToday();
  const lastMonth = dayjs(`${today().slice(0, 7)}-01`).subtract(1, 'month');
  const [month, setMonth] = useState(() => lastMonth.format('YYYY-MM'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const periods = useLoad(fetchPeriods);
  const answer = periods.state === 'done' ? periods.value : null;
  const pages = useLocalPages(answer?.periods);

  const act = async (reason: string) => {
    if (!dialog) return;
    try {
      if (dialog.mode === 'books-close') await closePeriod(dialog.mm);
      else await reopenPeriod(dialog.mm, reason);
      notifySuccess(
        dialog.mode === 'books-close' ? 'Buku berhasil ditutup' : 'Buku berhasil dibuka kembali',
        CENTERED,
      );
      periods.retry();
      onChanged();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDialog(null);
  };

  const columns: TableColumnsType<BooksPeriod> = [
    { key: 'mm', title: 'Bulan', render: (_v, p) => formatMonth(p.mm) },
    {
      key: 'state',
      title: 'Status',
      render: (_v, p) =>
        p.closed ? (
          <StatusTag color="red">Ditutup</StatusTag>
        ) : (
          <StatusTag color="green">Dibuka kembali</StatusTag>
        ),
    },
    {
      key: 'when',
      title: 'Terakhir Diubah',
      render: (_v, p) => `${formatDateTime(p.changed_at)} oleh ${p.changed_by ?? '-'}`,
    },
    { key: 'reason', title: 'Alasan', render: (_v, p) => p.reason ?? '-' },
    {
      key: 'act',
      title: 'Aksi',
      render: (_v, p) =>
        answer?.can_manage && p.closed ? (
          <Button danger onClick={() => setDialog({ mode: 'books-reopen', mm: p.mm })}>
            Buka Kembali
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title="Tutup Buku" style={{ marginTop: 16 }}>
      {answer?.can_manage ? (
        <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
          <label htmlFor="books-close-month">Bulan</label>
          <DatePicker
            id="books-close-month"
            picker="month"
            allowClear={false}
            format="MMMM YYYY"
            value={dayjs(`${month}-01`)}
            disabledDate={(d) => d.isAfter(lastMonth, 'month')}
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
          />
          <Button type="primary" onClick={() => setDialog({ mode: 'books-close', mm: month })}>
            Tutup Buku
          </Button>
        </Flex>
      ) : null}
      <PagedTable<BooksPeriod>
        aria-label="Daftar Tutup Buku"
        columns={columns}
        rowKey="mm"
        loading={periods.state === 'loading'}
        {...pages}
      />
      <ConfirmDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'books-close'}
        name={dialog ? formatMonth(dialog.mm) : ''}
        reasonLabel={dialog?.mode === 'books-reopen' ? 'Alasan membuka kembali' : undefined}
        onConfirm={act}
        onCancel={() => setDialog(null)}
      />
    </Card>
  );
}
