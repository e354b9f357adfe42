import type { RefSelectProps } from 'antd';
import { Col, Flex, Form, Row, Select } from 'antd';
import { type ReactNode, type Ref, useId } from 'react';
import { CASCADE_FIELDS, CASCADE_LABELS, type CascadeField } from './cascade';
import type { CascadeFilter } from './useCascadeFilter';
import type { CascadeOptionLists } from './useCascadeOptions';

export interface CascadeSelectProps {
  field: CascadeField;
  /** The option lists from `useCascadeOptions` or `useCascadeFilter`. */
  lists: CascadeOptionLists;
  value: number | string | null | undefined;
  onChange: (value: number | string) => void;
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
export function CascadeSelect({ field, lists, value, disabled, status, ...props }: CascadeSelectProps) {
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
      placeholder={loading ? 'Memuat…' : `Pilih ${label}`}
      notFoundContent="Tidak ada data"
      style={{ width: '100%' }}
    />
  );
}

export interface CascadeFilterBarProps {
  filter: CascadeFilter;
  /** Further selects after the six (billing: Status Pembayaran, Tipe Billing), each in a `Col`. */
  extra?: ReactNode;
  /** The buttons under the filters (Tampilkan, ...). */
  actions?: ReactNode;
}

/** The six labelled selects of the cascading filter in a responsive grid, then the screen's buttons. */
export function CascadeFilterBar({ filter, extra, actions }: CascadeFilterBarProps) {
  const idPrefix = useId();
  return (
    <Form layout="vertical" component={false}>
      <Row gutter={16}>
        {CASCADE_FIELDS.map((field) => {
          const id = `${idPrefix}-${field}`;
          return (
            <Col key={field} xs={24} sm={12} lg={8} xl={4}>
              <Form.Item label={CASCADE_LABELS[field]} htmlFor={id} style={{ marginBottom: 12 }}>
                <CascadeSelect
                  id={id}
                  field={field}
                  lists={filter}
                  value={filter.values[field]}
                  onChange={(value) => filter.set(field, value)}
                />
              </Form.Item>
            </Col>
          );
        })}
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
