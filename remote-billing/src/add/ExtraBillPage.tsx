import {
  ALL,
  apiErrorText,
  CASCADE_FIELDS,
  CASCADE_LABELS,
  type CascadeField,
  CascadeSelect,
  DateInput,
  EXTRA_BILL_MESSAGES,
  extraBillDateRange,
  FormActions,
  FormField,
  formatDate,
  formatNumber,
  HookForm,
  notifyError,
  notifySuccess,
  PageHeader,
  readSavedFilter,
  resetsOf,
  StudentBillingExtraSchema,
  type StudentBrief,
  type StudentFeeComponent,
  tableEmpty,
  useCascadeOptions,
  useValibotForm,
} from '@keuangan/shared';
import { Card, Col, Flex, Row, Table } from 'antd';
import { useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { BILLING_FILTER_STORAGE_KEY, CENTERED, LIST_PATH, LIST_TITLE } from '../constants';
import { createExtraBills, useClassMonthComponents, useClassStudents, usePeriods } from './api';

type FormValues = v.InferInput<typeof StudentBillingExtraSchema>;

const TITLE = 'Billing Tambahan Siswa';

/** The form starts in the class-month the list shows (its 'Semua' choices are left empty). */
function startValues(): DefaultValues<FormValues> {
  const saved = readSavedFilter(BILLING_FILTER_STORAGE_KEY);
  const placement = Object.fromEntries(
    CASCADE_FIELDS.map((field) => [field, saved[field] === ALL ? undefined : (saved[field] ?? undefined)]),
  );
  return { ...placement, bill_date: '', student_fee_components: [], students: [] };
}

/**
 * Billing Tambahan Siswa (docs/screens.md, docs/data.md, docs/validation.md): a class-month, a date from the 2nd of the month to the
 * end of the period, the components of that class-month and the class's active students to bill. One
 * unconfirmed extra bill per chosen student, with one item per chosen component.
 */
/**
 * The contract's rules, and the date within its range (docs/validation.md: from the 2nd of the month to the period's end),
 * said next to the field: a date typed outside it stays in the field with the reason.
 */
function withDateRange(currentRange: () => { min: string; max: string } | null) {
  return v.pipe(
    StudentBillingExtraSchema,
    v.forward(
      v.check(
        (x) => !currentRange() || x.bill_date >= (currentRange()?.min ?? ''),
        EXTRA_BILL_MESSAGES.dateTooEarly,
      ),
      ['bill_date'],
    ),
    v.forward(
      v.check(
        (x) => !currentRange() || x.bill_date <= (currentRange()?.max ?? ''),
        EXTRA_BILL_MESSAGES.dateTooLate,
      ),
      ['bill_date'],
    ),
  );
}

export function ExtraBillPage() {
  const navigate = useNavigate();
  const [initial] = useState(startValues);
  // The date's range follows the chosen month and period: the schema reads the current one when it checks.
  const range = useRef<{ min: string; max: string } | null>(null);
  const [schema] = useState(() => withDateRange(() => range.current));
  const { control, handleSubmit, formState, setValue, watch } = useValibotForm(schema, {
    defaultValues: initial,
    mode: 'all',
  });
  const values = watch();
  const lists = useCascadeOptions(values);
  const placed = CASCADE_FIELDS.every((field) => values[field] !== undefined && values[field] !== null);

  // docs/screens.md#extra-bill-form: class and month chosen load the components, then the students; clearing either removes both.
  const components = useClassMonthComponents(
    placed
      ? { ...Object.fromEntries(CASCADE_FIELDS.map((f) => [f, values[f]])), orderby: 'id', sort: 'asc' }
      : null,
  );
  const students = useClassStudents(
    placed && components !== null
      ? { department_id: values.department_id, class_id: values.class_id, study_status: 1 }
      : null,
  );
  const periods = usePeriods(values.year_of_study_id ? { year_of_study_id: values.year_of_study_id } : null);
  const period = periods?.find((p) => p.id === values.yos_periode_id);
  range.current = values.mm && period ? extraBillDateRange(values.mm, period.end_date) : null;
  const dates = range.current;

  const clear = (field: keyof FormValues, value: unknown) =>
    setValue(field, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const choose = (field: CascadeField, value: number | string, onChange: (value: unknown) => void) => {
    onChange(value);
    for (const reset of resetsOf(field)) clear(reset, null);
    // Another class or month: other components and students, and (month) another date range.
    if (field === 'mm' || resetsOf(field).includes('mm')) clear('bill_date', '');
    clear('student_fee_components', []);
    clear('students', []);
  };

  const save = handleSubmit(async (payload) => {
    try {
      const answer = await createExtraBills(payload);
      notifySuccess(`${answer.message}\n${answer.created} billing tambahan dibuat`, CENTERED);
      navigate(LIST_PATH);
    } catch (error) {
      // Everything chosen stays in the form.
      notifyError(apiErrorText(error), 'Error');
    }
  });

  return (
    <>
      <PageHeader title={TITLE} breadcrumb={[{ title: LIST_TITLE, path: LIST_PATH }, { title: TITLE }]} />
      <Card>
        <HookForm onSubmit={save} aria-label={TITLE}>
          <Row gutter={16}>
            {CASCADE_FIELDS.map((name) => (
              <Col key={name} xs={24} md={12} xl={8}>
                <FormField control={control} name={name} label={CASCADE_LABELS[name]} required>
                  {(field) => (
                    <CascadeSelect
                      {...field}
                      field={name}
                      lists={lists}
                      onChange={(value) => choose(name, value, field.onChange)}
                    />
                  )}
                </FormField>
              </Col>
            ))}
            <Col xs={24} md={12} xl={8}>
              <FormField control={control} name="bill_date" label="Tanggal" required>
                {(field) => (
                  <DateInput
                    field={field}
                    min={dates?.min}
                    max={dates?.max}
                    disabled={dates === null}
                    placeholder={
                      dates ? `${formatDate(dates.min)} - ${formatDate(dates.max)}` : 'Pilih Bulan dahulu'
                    }
                  />
                )}
              </FormField>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} lg={10}>
              <FormField control={control} name="student_fee_components" label="Komponen" required>
                {({ value, onChange }) => (
                  <Table<StudentFeeComponent>
                    aria-label="Komponen"
                    size="small"
                    rowKey="id"
                    pagination={false}
                    loading={placed && components === null}
                    dataSource={components ?? []}
                    locale={{
                      emptyText: tableEmpty(
                        placed ? 'Tidak ada komponen pada kelas dan bulan ini' : 'Pilih kelas dan bulan',
                      ),
                    }}
                    columns={[
                      { key: 'name', title: 'Nama Komponen', render: (_v, c) => c.name },
                      {
                        key: 'price',
                        title: 'Biaya',
                        align: 'right',
                        render: (_v, c) => formatNumber(c.price),
                      },
                    ]}
                    rowSelection={{
                      columnTitle: 'Pilih',
                      selectedRowKeys: (value ?? []) as number[],
                      onChange: (keys) => onChange(keys as number[]),
                      getCheckboxProps: (c) => ({ 'aria-label': `Pilih ${c.name}` }),
                    }}
                  />
                )}
              </FormField>
            </Col>
            <Col xs={24} lg={14}>
              <FormField control={control} name="students" label="Target Siswa" required>
                {({ value, onChange }) => (
                  <Table<StudentBrief>
                    aria-label="Target Siswa"
                    size="small"
                    rowKey="id"
                    pagination={false}
                    loading={placed && (components === null || students === null)}
                    dataSource={students ?? []}
                    locale={{
                      emptyText: tableEmpty(
                        placed ? 'Tidak ada siswa aktif di kelas ini' : 'Pilih kelas dan bulan',
                      ),
                    }}
                    columns={[
                      { key: 'no', title: 'No', width: 56, render: (_v, _s, index) => index + 1 },
                      { key: 'name', title: 'Nama', render: (_v, s) => s.name },
                      { key: 'nis', title: 'NIS', render: (_v, s) => s.nis },
                    ]}
                    rowSelection={{
                      // The header checkbox selects every student ('Pilih semua').
                      columnTitle: (checkbox) => (
                        <Flex gap={4} align="center">
                          {checkbox}
                          <span>Pilih</span>
                        </Flex>
                      ),
                      selectedRowKeys: (value ?? []) as number[],
                      onChange: (keys) => onChange(keys as number[]),
                      getCheckboxProps: (s) => ({ 'aria-label': `Pilih ${s.name}` }),
                      getTitleCheckboxProps: () => ({ 'aria-label': 'Pilih semua siswa' }),
                    }}
                  />
                )}
              </FormField>
            </Col>
          </Row>
          {/* The product says Batal for going back without saving, on every form (docs/decisions.md#batal-not-cancel). */}
          <FormActions
            submitting={formState.isSubmitting}
            saveLabel="Buat Billing Tambahan"
            onCancel={() => navigate(LIST_PATH)}
          />
        </HookForm>
      </Card>
    </>
  );
}
