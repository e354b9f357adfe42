import { DateInput, FormField, HookForm, StatementPeriodSchema, useValibotForm } from '@keuangan/shared';
import { Button, Col, Row } from 'antd';
import type * as v from 'valibot';
import type { StatementPeriodAsked } from './api';

type FormValues = v.InferInput<typeof StatementPeriodSchema>;

/** Dari Tanggal and Sampai Tanggal (both inclusive); Tampilkan asks the statement of that period. */
export function StatementPeriodForm({
  from,
  to,
  onShow,
}: {
  from: string;
  to: string;
  onShow: (period: StatementPeriodAsked) => void;
}) {
  const { control, handleSubmit } = useValibotForm(StatementPeriodSchema, {
    defaultValues: { date_from: from, date_to: to } satisfies FormValues,
  });
  return (
    <HookForm onSubmit={handleSubmit(onShow)} aria-label="Periode Rekening Siswa">
      <Row gutter={16} align="bottom">
        <Col xs={24} sm={9} lg={6}>
          <FormField control={control} name="date_from" label="Dari Tanggal">
            {(field) => <DateInput field={field} allowClear={false} />}
          </FormField>
        </Col>
        <Col xs={24} sm={9} lg={6}>
          <FormField control={control} name="date_to" label="Sampai Tanggal">
            {(field) => <DateInput field={field} allowClear={false} />}
          </FormField>
        </Col>
        <Col xs={24} sm={6} lg={4}>
          <Button htmlType="submit" type="primary" style={{ marginBottom: 24 }}>
            Tampilkan
          </Button>
        </Col>
      </Row>
    </HookForm>
  );
}
