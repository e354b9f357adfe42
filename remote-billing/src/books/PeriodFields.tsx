import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';

const day = (value: Dayjs | null) => value?.format('YYYY-MM-DD');

/** Dari Tanggal and Sampai Tanggal of the books' screens (either may stay empty: an open end). */
export function PeriodFields({
  idPrefix,
  onChange,
}: {
  idPrefix: string;
  onChange(change: { date_from?: string; date_to?: string }): void;
}) {
  return (
    <>
      <Form.Item label="Dari Tanggal" htmlFor={`${idPrefix}-from`}>
        <DatePicker
          id={`${idPrefix}-from`}
          format="DD/MM/YYYY"
          onChange={(v) => onChange({ date_from: day(v) })}
        />
      </Form.Item>
      <Form.Item label="Sampai Tanggal" htmlFor={`${idPrefix}-to`}>
        <DatePicker
          id={`${idPrefix}-to`}
          format="DD/MM/YYYY"
          onChange={(v) => onChange({ date_to: day(v) })}
        />
      </Form.Item>
    </>
  );
}
