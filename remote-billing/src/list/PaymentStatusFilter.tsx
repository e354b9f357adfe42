import { ALL } from '@keuangan/shared';
import { Col, Form, Select } from 'antd';
import { useId } from 'react';

/** Status Pembayaran's choices (docs/screens.md, docs/data.md): Semua (the default), Lunas 1, Belum Lunas 0. */
export const PAYMENT_STATUS_OPTIONS = [
  { value: ALL, label: 'Semua' },
  { value: 1, label: 'Lunas' },
  { value: 0, label: 'Belum Lunas' },
];

/** The Status Pembayaran select of the billing lists, as an extra field of `CascadeFilterBar`. */
export function PaymentStatusFilter({
  value,
  onChange,
}: {
  value: number | string | undefined;
  onChange: (value: number | string) => void;
}) {
  const id = useId();
  return (
    <Col xs={24} sm={12} lg={8} xl={4}>
      <Form.Item label="Status Pembayaran" htmlFor={id} style={{ marginBottom: 12 }}>
        <Select<number | string> id={id} value={value} options={PAYMENT_STATUS_OPTIONS} onChange={onChange} />
      </Form.Item>
    </Col>
  );
}
