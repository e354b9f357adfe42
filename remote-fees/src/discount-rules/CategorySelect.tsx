import { STUDENT_CATEGORIES } from '@keuangan/shared';
import { Select, type SelectProps } from 'antd';

const OPTIONS = STUDENT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));

/** A form field's student category (a rule's target, a student's category): one of the contract's. */
export function CategorySelect({
  value,
  onChange,
  ...field
}: Omit<SelectProps<string>, 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Select<string>
      {...field}
      value={value ?? undefined}
      onChange={(next) => onChange(next)}
      placeholder="Pilih kategori"
      options={OPTIONS}
      style={{ width: '100%' }}
    />
  );
}
