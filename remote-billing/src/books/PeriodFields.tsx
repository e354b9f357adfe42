import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const day = (value: Dayjs | null) => value?.format('YYYY-MM-DD');
const picked = (value?: string) => (value && dayjs(value).isValid() ? dayjs(value) : undefined);

/**
 * Dari Tanggal and Sampai Tanggal of the books' screens (either may stay empty: an open end); `initial` fills them
 * when a screen opens on a period (Buku Besar from a Neraca Saldo row).
 */
export function PeriodFields({
  idPrefix,
  onChange,
  initial,
}: {
  idPrefix: string;
  onChange(change: { date_from?: string; date_to?: string }): void;
  initial?: { date_from?: string; date_to?: string };
}) {
  return (
    <>
      <Form.Item label="Dari Tanggal" htmlFor={`${idPrefix}-from`}>
        <DatePicker
          id={`${idPrefix}-from`}
          format="DD/MM/YYYY"
          defaultValue={picked(initial?.date_from)}
          onChange={(v) => onChange({ date_from: day(v) })}
        />
      </Form.Item>
      <Form.Item label="Sampai Tanggal" htmlFor={`${idPrefix}-to`}>
        <DatePicker
          id={`${idPrefix}-to`}
          format="DD/MM/YYYY"
          defaultValue={picked(initial?.date_to)}
          onChange={(v) => onChange({ date_to: day(v) })}
        />
      </Form.Item>
    </>
  );
}
