import { Col, Form, Select } from 'antd';
import { useId, useState } from 'react';
import { ALL } from './cascade';

/** One choice of a plain filter select. */
export interface FilterOption<T extends number | string = number | string> {
  value: T;
  label: string;
}

/** One plain select of a list's filter: the value it sets (the query parameter of the same name). */
export interface FilterSelectSpec<K extends string = string> {
  name: K;
  label: string;
  options: readonly FilterOption[];
  /** The select's least width in the inline layout. */
  minWidth?: number;
}

/** 'Semua' (the value `ALL`, never sent) before a list's own choices. */
export const withAll = <T extends number | string>(options: readonly FilterOption<T>[]) => [
  { value: ALL, label: 'Semua' } as FilterOption<T | typeof ALL>,
  ...options,
];

/**
 * One labelled select of a filter row: in a grid column (inside a `Row`, the billing lists' filter bars) or,
 * `inline`, a field of an inline `Form` (Log Audit).
 */
export function FilterSelect<T extends number | string>({
  label,
  value,
  options,
  onChange,
  inline = false,
  minWidth,
}: {
  label: string;
  value: T | undefined;
  options: readonly FilterOption<T>[];
  onChange: (value: T) => void;
  inline?: boolean;
  minWidth?: number;
}) {
  const id = useId();
  const field = (
    <Form.Item label={label} htmlFor={id} style={inline ? undefined : { marginBottom: 12 }}>
      <Select<T>
        id={id}
        value={value}
        options={options as FilterOption<T>[]}
        onChange={onChange}
        style={minWidth ? { minWidth } : undefined}
      />
    </Form.Item>
  );
  return inline ? (
    field
  ) : (
    <Col xs={24} sm={12} lg={8} xl={4}>
      {field}
    </Col>
  );
}

/** The selects of `specs`, in order, showing `values` and telling each choice to `onChange`. */
export function FilterSelects<K extends string>({
  specs,
  values,
  onChange,
  inline = false,
}: {
  specs: readonly FilterSelectSpec<K>[];
  values: Partial<Record<K, number | string | null | undefined>>;
  onChange: (name: K, value: number | string) => void;
  inline?: boolean;
}) {
  return specs.map((spec) => (
    <FilterSelect<number | string>
      key={spec.name}
      label={spec.label}
      value={values[spec.name] ?? undefined}
      options={spec.options}
      onChange={(value) => onChange(spec.name, value)}
      inline={inline}
      minWidth={spec.minWidth}
    />
  ));
}

/** A filter's values as query parameters: those on 'Semua' (`ALL`) are left out. */
export type SelectParams<V> = { [K in keyof V]?: Exclude<V[K], typeof ALL> };

/** The values chosen as query parameters: what is on 'Semua' (`ALL`) is left out. */
const selectParams = <V extends Record<string, number | string>>(values: V) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ALL)) as SelectParams<V>;

/**
 * Plain selects applied at once and kept in the screen's state only (Log Audit): their values, a setter, and
 * the query parameters (`usePagedQuery` goes back to page 1 when they change). Saved, Tampilkan-applied
 * selects are `useCascadeFilter`'s extra fields with `CascadeFilterBar`'s `selects`.
 */
export function useSelectFilters<V extends Record<string, number | string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const set = (name: keyof V & string, value: number | string) =>
    setValues((current) => ({ ...current, [name]: value }));
  return { values, set, params: selectParams(values) };
}
