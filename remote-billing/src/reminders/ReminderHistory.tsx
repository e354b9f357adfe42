import {
  type BillReminderRecord,
  formatDateTimeIn,
  formatMonth,
  formatRupiah,
  REMINDER_CHANNEL_LABELS,
  REMINDER_HISTORY_EMPTY,
  REMINDER_HISTORY_TITLE,
  selectTimeZone,
  useLoad,
  useSession,
} from '@keuangan/shared';
import { Button, Card, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback } from 'react';
import { fetchStudentReminders } from './api';
import { DeliveryTag } from './DeliveryTag';

/**
 * Riwayat Pengingat (docs/screens.md#riwayat-pengingat): the student's reminders sent or printed, newest first,
 * on Tagihan Siswa and the bill detail. Times are the branch's clock.
 */
export function ReminderHistory({ studentId }: { studentId: number }) {
  const zone = useSession(selectTimeZone);
  const load = useCallback((signal: AbortSignal) => fetchStudentReminders(studentId, signal), [studentId]);
  const history = useLoad(load);
  const columns: TableColumnsType<BillReminderRecord> = [
    { key: 'at', title: 'Waktu', render: (_v, r) => formatDateTimeIn(r.sent_at, zone) },
    {
      key: 'channel',
      title: 'Saluran',
      render: (_v, r) => (
        <Flex vertical gap={2} align="flex-start">
          <span>{REMINDER_CHANNEL_LABELS[r.channel]}</span>
          <DeliveryTag delivery={r.delivery} />
        </Flex>
      ),
    },
    { key: 'by', title: 'Oleh', dataIndex: 'sent_by' },
    {
      key: 'amount',
      title: 'Jumlah',
      align: 'right',
      render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(r.amount)}</span>,
    },
    { key: 'months', title: 'Bulan', render: (_v, r) => r.months.map((mm) => formatMonth(mm)).join(', ') },
  ];
  return (
    <Card title={REMINDER_HISTORY_TITLE} size="small" style={{ marginBottom: 16 }}>
      {history.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label="Memuat riwayat pengingat" />
      ) : history.state === 'failed' ? (
        <Typography.Paragraph type="danger">
          Riwayat pengingat tidak dapat dimuat.{' '}
          <Button size="small" onClick={history.retry}>
            Coba lagi
          </Button>
        </Typography.Paragraph>
      ) : history.value.reminders.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {REMINDER_HISTORY_EMPTY}
        </Typography.Paragraph>
      ) : (
        <Table<BillReminderRecord>
          aria-label={REMINDER_HISTORY_TITLE}
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={history.value.reminders}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Card>
  );
}
