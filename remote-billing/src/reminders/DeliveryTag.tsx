import { OUTBOX_STATUS_LABELS, type ReminderDelivery, StatusTag } from '@keuangan/shared';
import { Flex, Tag, Typography } from 'antd';

/** A gateway reminder's delivery: Antrean, Terkirim or Gagal with the gateway's error (docs/screens.md#pengingat-tagihan). */
export function DeliveryTag({ delivery }: { delivery: ReminderDelivery | null }) {
  if (!delivery) return null;
  const label = OUTBOX_STATUS_LABELS[delivery.status];
  return (
    <Flex vertical gap={2} align="flex-start" data-testid="delivery">
      {delivery.status === 'sent' ? (
        <StatusTag color="green">{label}</StatusTag>
      ) : delivery.status === 'failed' ? (
        <StatusTag color="red">{label}</StatusTag>
      ) : (
        <Tag>{label}</Tag>
      )}
      {delivery.status === 'failed' && delivery.last_error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {delivery.last_error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
