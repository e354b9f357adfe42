import {
  apiErrorText,
  CASCADE_FIELDS,
  CASCADE_LABELS,
  type CascadeField,
  CascadeSelect,
  CodeRadio,
  DateInput,
  DEFAULT_DUE_DAY,
  DUE_DAY_MAX,
  DUE_DAY_MIN,
  DUE_MESSAGES,
  FEE_COMPONENT_ENTRIES,
  FeePriceSchema,
  FormActions,
  FormField,
  FTYPES,
  HookForm,
  MoneyInput,
  notifyError,
  notifySuccess,
  PageHeader,
  RecordFrame,
  readSavedFilter,
  resetsOf,
  rupiahInputText,
  rupiahText,
  type StudentFeeComponent,
  useCascadeOptions,
  useLoad,
  useValibotForm,
} from '@keuangan/shared';
import { Alert, Card, Col, Input, InputNumber, Row, Select } from 'antd';
import { useCallback, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import * as v from 'valibot';
import { fetchFeeComponent, saveFeeComponent, useFeeTypes } from './api';
import { CENTERED, FEE_FILTER_STORAGE_KEY, LIST_PATH, LIST_TITLE } from './constants';

/**
 * Jatuh Tempo (docs/screens.md): every month on a day (1-31; past the month's end, its last day) or on one date.
 * `due_mode` is the form's own choice; the payload carries the chosen one and null for the other.
 */
const DUE_MODES = [
  { value: 'day', label: 'Setiap tanggal' },
  { value: 'date', label: 'Tanggal tertentu' },
] as const;

/** The contract's fields, the price as typed ('150.000': dots between thousands), and the due mode. */
const FeeComponentFormSchema = v.pipe(
  v.object({
    ...FEE_COMPONENT_ENTRIES,
    price: rupiahText('Biaya', FeePriceSchema),
    due_mode: v.picklist(['day', 'date'], 'Harap pilih salah satu'),
  }),
  v.forward(
    v.check((f) => f.due_mode !== 'day' || typeof f.due_day === 'number', DUE_MESSAGES.dueRequired),
    ['due_day'],
  ),
  v.forward(
    v.check((f) => f.due_mode !== 'date' || Boolean(f.due_date), 'Tanggal Jatuh Tempo tidak boleh kosong'),
    ['due_date'],
  ),
  // Only the chosen one is sent.
  v.transform(({ due_mode, ...f }) => ({
    ...f,
    due_day: due_mode === 'day' ? (f.due_day ?? null) : null,
    due_date: due_mode === 'date' ? (f.due_date ?? null) : null,
  })),
);
type FormValues = v.InferInput<typeof FeeComponentFormSchema>;

/** An empty form (docs/validation.md defaults: Wajib, price 0), placed in the class-month the list shows. */
function addDefaults(): DefaultValues<FormValues> {
  const saved = readSavedFilter(FEE_FILTER_STORAGE_KEY);
  const placement = Object.fromEntries(
    CASCADE_FIELDS.map((field) => [field, saved[field] === 'all' ? undefined : saved[field]]),
  );
  return {
    ...placement,
    fee_type_id: undefined,
    ftype: 1,
    name: '',
    price: '0',
    description: '',
    due_mode: 'day',
    due_day: DEFAULT_DUE_DAY,
    due_date: null,
  };
}

const toFormValues = (c: StudentFeeComponent): FormValues => ({
  department_id: c.department_id,
  year_of_study_id: c.year_of_study_id,
  yos_periode_id: c.yos_periode_id,
  level_id: c.level_id,
  class_id: c.class_id,
  mm: c.mm,
  fee_type_id: c.fee_type_id,
  ftype: c.ftype === 1 ? 1 : 0,
  name: c.name,
  price: rupiahInputText(c.price),
  description: c.description ?? '',
  due_mode: c.due_date ? 'date' : 'day',
  due_day: c.due_day,
  due_date: c.due_date,
});

interface FormProps {
  title: string;
  initial: DefaultValues<FormValues>;
  /** The component edited, or none when adding. */
  component?: StudentFeeComponent;
}

/** The form itself (docs/screens.md, docs/validation.md): seven required selects, name, Jenis Biaya, price, description. */
function FeeComponentForm({ title, initial, component }: FormProps) {
  const navigate = useNavigate();
  const feeTypes = useFeeTypes();
  const { control, handleSubmit, formState, setValue, watch } = useValibotForm(FeeComponentFormSchema, {
    defaultValues: initial,
    // docs/validation.md#how-messages-appear: errors show once a field is changed or left, or the form was submitted.
    mode: 'all',
  });
  const lists = useCascadeOptions(watch());
  const dueMode = watch('due_mode');
  const locked = Boolean(component?.student_billing_item);
  const backToList = () => navigate(LIST_PATH);

  // Choosing a parent empties what depends on it (the same rules as the list's filter).
  const choose = (field: CascadeField, value: number | string, onChange: (value: unknown) => void) => {
    onChange(value);
    for (const reset of resetsOf(field, CASCADE_FIELDS)) {
      // null, not undefined (react-hook-form would show the default again); the schema reports it as required.
      setValue(reset, null as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };

  const save = handleSubmit(async (payload) => {
    try {
      await saveFeeComponent(component, payload);
      if (component) {
        notifySuccess('Data berhasil diubah.', CENTERED);
      } else {
        notifySuccess('Data berhasil ditambahkan.', CENTERED);
      }
      backToList();
    } catch (error) {
      // The values stay in the form.
      notifyError(apiErrorText(error), 'Error');
    }
  });

  return (
    <Card>
      {locked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Komponen ini sudah dibebankan ke siswa sehingga tidak dapat diubah."
        />
      ) : null}
      <HookForm onSubmit={save} aria-label={title}>
        <Row gutter={16}>
          {CASCADE_FIELDS.map((name) => (
            <Col key={name} xs={24} md={12}>
              <FormField control={control} name={name} label={CASCADE_LABELS[name]} required>
                {(field) => (
                  <CascadeSelect
                    {...field}
                    field={name}
                    lists={lists}
                    disabled={locked}
                    onChange={(value) => choose(name, value, field.onChange)}
                  />
                )}
              </FormField>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <FormField control={control} name="fee_type_id" label="Tipe Komponen" required>
              {(field) => (
                <Select<number>
                  {...field}
                  value={field.value ?? undefined}
                  disabled={locked}
                  loading={feeTypes === null}
                  placeholder={feeTypes === null ? 'Memuat…' : 'Pilih Tipe Komponen'}
                  notFoundContent="Tidak ada data"
                  options={(feeTypes ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  onChange={(value) => {
                    field.onChange(value);
                    // docs/screens.md#fee-component-form: choosing a fee type fills the name with the type's name.
                    const type = feeTypes?.find((t) => t.id === value);
                    if (type) setValue('name', type.name, { shouldDirty: true, shouldValidate: true });
                  }}
                />
              )}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="name" label="Nama" required>
              {(field) => <Input {...field} disabled={locked} maxLength={150} />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="ftype" label="Jenis Biaya" required>
              {(field) => <CodeRadio {...field} label="Jenis Biaya" options={FTYPES} disabled={locked} />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="price" label="Biaya (Rp)" required>
              {(field) => <MoneyInput {...field} disabled={locked} />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="due_mode" label="Jatuh Tempo" required>
              {(field) => <CodeRadio {...field} label="Jatuh Tempo" options={DUE_MODES} disabled={locked} />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            {dueMode === 'date' ? (
              <FormField control={control} name="due_date" label="Tanggal Jatuh Tempo" required>
                {(field) => <DateInput field={field} disabled={locked} placeholder="Pilih tanggal" />}
              </FormField>
            ) : (
              <FormField control={control} name="due_day" label="Jatuh Tempo Setiap Tanggal" required>
                {({ value, onChange, ...field }) => (
                  <InputNumber<number>
                    {...field}
                    value={value ?? null}
                    // Out-of-range days stay typed so the message can say why (1-31).
                    onChange={(day) => onChange(day ?? null)}
                    precision={0}
                    disabled={locked}
                    style={{ width: '100%' }}
                    placeholder={`${DUE_DAY_MIN}-${DUE_DAY_MAX}`}
                  />
                )}
              </FormField>
            )}
          </Col>
          <Col xs={24}>
            <FormField control={control} name="description" label="Deskripsi">
              {(field) => <Input.TextArea {...field} value={field.value ?? ''} disabled={locked} rows={3} />}
            </FormField>
          </Col>
        </Row>
        <FormActions submitting={formState.isSubmitting} hideSave={locked} onCancel={backToList} />
      </HookForm>
    </Card>
  );
}

const breadcrumb = (title: string) => [{ title: LIST_TITLE, path: LIST_PATH }, { title }];

/** Tambah Komponen Biaya Siswa. */
export function FeeComponentAddPage() {
  const title = 'Tambah Komponen Biaya Siswa';
  const [initial] = useState(addDefaults);
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb(title)} />
      <FeeComponentForm title={title} initial={initial} />
    </>
  );
}

/** Ubah Komponen Biaya Siswa: loads the component first; a charged one is shown read-only. */
export function FeeComponentEditPage() {
  const title = 'Ubah Komponen Biaya Siswa';
  const { id } = useParams();
  const component = useLoad(useCallback(() => fetchFeeComponent(id), [id]));
  return (
    <RecordFrame
      title={title}
      breadcrumb={breadcrumb(title)}
      record={component}
      loadingText="Memuat komponen biaya…"
      failedText="Komponen biaya tidak dapat dimuat"
      backTo={LIST_PATH}
      framed={false}
    >
      {(c) => <FeeComponentForm key={c.id} title={title} initial={toFormValues(c)} component={c} />}
    </RecordFrame>
  );
}
