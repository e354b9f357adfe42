// Apart from BillCard: the bill lists show these tags without the card's Descriptions (README "Measuring").
import { FORM_STATUSES, PAYMENT_STATUS_PAID, StatusTag } from '@keuangan/shared';

/** Lunas (green) or Belum Lunas (red). */
export function PaymentStatusTag({ status }: { status: number }) {
  const paid = status === PAYMENT_STATUS_PAID;
  return <StatusTag color={paid ? 'green' : 'red'}>{paid ? 'Lunas' : 'Belum Lunas'}</StatusTag>;
}

/** Terkonfirmasi (green) or Belum Konfirmasi (red), docs/screens.md. */
export function FormStatusTag({ status }: { status: number }) {
  const option = FORM_STATUSES.find((o) => o.value === status) ?? FORM_STATUSES[1];
  return option ? <StatusTag color={option.color}>{option.label}</StatusTag> : null;
}
