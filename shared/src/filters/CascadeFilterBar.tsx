import type { RefSelectProps } from 'antd';
import { Col, Flex, Form, Row, Select } from 'antd';
import { type ReactNode, type Ref, useId } from 'react';
import { CASCADE_LABELS, type CascadeField } from './cascade';
import { type FilterSelectSpec, FilterSelects } from './FilterSelects';
import type { CascadeFilter } from './useCascadeFilter';
import type { CascadeOptionLists } from './useCascadeOptions';

export interface CascadeSelectProps {
  field: CascadeField;
  /** The option lists from `useCascadeOptions` or `useCascadeFilter`. */
  lists: CascadeOptionLists;
  value: number | string | null | undefined;
  /** Receives undefined when a clearable select is emptied. */
  onChange: (value: number | string) => void;
  /** Offers a clear button; an empty select shows `clearLabel` ('Semua' by default) as its placeholder. */
  allowClear?: boolean;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  ref?: Ref<RefSelectProps>;
}

/**
 * One select of the cascade (Departemen ... Bulan): disabled until its parents are chosen, 'Memuat…'
 * while its list loads. Used by the filter bar and by forms that place a record in a class-month.
 */
export function CascadeSelect({
  field,
  lists,
  value,
  disabled,
  status,
  allowClear = false,
  ...props
}: CascadeSelectProps) {
  const loading = lists.loading[field];
  const label = CASCADE_LABELS[field];
  return (
    <Select<number | string>
      {...props}
      // While the list loads the value has no label yet: show the placeholder, never a bare id.
      value={loading || value === null ? undefined : value}
      options={lists.options[field]}
      loading={loading}
      disabled={disabled || !lists.ready[field]}
      status={status}
      allowClear={allowClear}
      showSearch={lists.options[field].length > 8 ? { optionFilterProp: 'label' } : false}
      placeholder={loading ? 'Memuat…' : allowClear ? `Semua ${label}` : `Pilih ${label}`}
      notFoundContent="Tidak ada data"
      style={{ width: '100%' }}
    />
  );
}

export interface CascadeFilterBarProps {
  // biome-ignore lint/suspicious/noExplicitAny: any screen's extra fields
  filter: CascadeFilter<any>;
  /** Plain selects of the filter's extra fields (Status, Kanal, ...), after the six, before `extra`. */
  selects?: readonly FilterSelectSpec[];
  /** Further selects after the six (billing: Status Pembayaran, Tipe Billing), each in a `Col`. */
  extra?: ReactNode;
  /** The buttons under the filters (Tampilkan, ...). */
  actions?: ReactNode;
}

/** The labelled selects of the filter (its `fields`) in a responsive grid, then the screen's buttons. */
export function CascadeFilterBar({ filter, selects, extra, actions }: CascadeFilterBarProps) {
  const idPrefix = useId();
  // Six to a row on wide screens (fees, billing); fewer fields share the row.
  const xl = Math.max(4, Math.floor(24 / Math.max(1, filter.fields.length)));
  return (
    <Form layout="vertical" component={false}>
      <Row gutter={16}>
        {filter.fields.map((field) => {
          const id = `${idPrefix}-${field}`;
          return (
            <Col key={field} xs={24} sm={12} lg={8} xl={xl}>
              <Form.Item label={CASCADE_LABELS[field]} htmlFor={id} style={{ marginBottom: 12 }}>
                <CascadeSelect
                  id={id}
                  field={field}
                  lists={filter}
                  value={filter.values[field]}
                  allowClear={filter.clearable.includes(field)}
                  onChange={(value) => filter.set(field, value)}
                />
              </Form.Item>
            </Col>
          );
        })}
        {selects ? <FilterSelects specs={selects} values={filter.values} onChange={filter.set} /> : null}
        {extra}
      </Row>
      {actions ? (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      ) : null}
    </Form>
  );
}
