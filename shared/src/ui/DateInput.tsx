import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldInputProps } from './FormField';

/**
 * A date field of a form kept as 'YYYY-MM-DD' text (what the API takes), shown 'DD-MM-YYYY' and typed that
 * way too. The panel opens in the month of `min`..`max` that holds the value, but a date outside that range is
 * kept, not silently put back: the form's schema says why next to the field (before the bill's date, after
 * today, outside the period). Spread `FormField`'s input props on it.
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
      // Days outside the range look disabled in the panel, yet a typed one stays (the schema explains).
      cellRender={(current, info) =>
        info.type === 'date' && dayjs.isDayjs(current) && outside(current, min, max) ? (
          <div className="ant-picker-cell-inner" style={{ opacity: 0.35 }}>
            {current.date()}
          </div>
        ) : (
          info.originNode
        )
      }
      style={{ width: '100%' }}
    />
  );
}

const outside = (day: Dayjs, min: string | undefined, max: string | undefined) => {
  const text = day.format('YYYY-MM-DD');
  return (min !== undefined && text < min) || (max !== undefined && text > max);
};
