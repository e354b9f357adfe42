import type { FieldInputProps } from '@keuangan/shared';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { FieldPath, FieldValues } from 'react-hook-form';

/**
 * A date field of a form kept as 'YYYY-MM-DD' text (what the API takes), shown 'DD-MM-YYYY' and typed that
 * way too; only days from `min` to `max` can be picked. Spread `FormField`'s input props on it.
 */
export function DateInput<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  field: { value, onChange, ref: _ref, ...field },
  min,
  max,
  placeholder,
  disabled,
  allowClear = true,
}: {
  field: FieldInputProps<TValues, TName>;
  min?: string | undefined;
  max?: string | undefined;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}) {
  return (
    <DatePicker
      {...field}
      value={value ? dayjs(value) : null}
      onChange={(date) => onChange(date ? date.format('YYYY-MM-DD') : '')}
      format="DD-MM-YYYY"
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      style={{ width: '100%' }}
    />
  );
}
