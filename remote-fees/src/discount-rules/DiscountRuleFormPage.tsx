import {
  apiErrorText,
  CodeRadio,
  DISCOUNT_KINDS,
  DISCOUNT_MESSAGES,
  DISCOUNT_TARGETS,
  DiscountValueSchema,
  discountRuleSchema,
  FormActions,
  FormField,
  HookForm,
  MoneyInput,
  notifyError,
  notifySuccess,
  PageHeader,
  rupiahText,
  StudentPicker,
  useValibotForm,
} from '@keuangan/shared';
import { Card, Col, Input, Row, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import type * as v from 'valibot';
import { useFeeTypes } from '../fee-components/api';
import { createDiscountRule } from './api';
import { CategorySelect } from './CategorySelect';
import { type CreatedRuleState, LIST_PATH, LIST_TITLE } from './constants';

/** The contract's rule with Potongan as typed ('250.000', or '50' for a percent). */
const RuleFormSchema = discountRuleSchema(rupiahText('Potongan', DiscountValueSchema));
type FormValues = v.InferInput<typeof RuleFormSchema>;

const DEFAULTS: FormValues = {
  name: '',
  kind: 'amount',
  value: '',
  fee_type_ids: [],
  target: 'category',
  category: null,
  student_ids: [],
  from_mm: '',
  to_mm: '',
  reason: '',
};

const TITLE = 'Tambah Aturan Potongan';

/**
 * Tambah Aturan Potongan (docs/screens.md#aturan-potongan): name, a percent or an amount, the fee types, whom (a
 * category or chosen students), the months and the reason. Saved, it goes back to the list, which offers to apply
 * the rule to the unpaid items.
 */
export function DiscountRuleFormPage() {
  const navigate = useNavigate();
  const feeTypes = useFeeTypes();
  const { control, handleSubmit, formState, watch } = useValibotForm(RuleFormSchema, {
    defaultValues: DEFAULTS,
    mode: 'all',
  });
  const kind = watch('kind');
  const target = watch('target');
  const backToList = () => navigate(LIST_PATH);

  const save = handleSubmit(async (payload) => {
    try {
      const created = await createDiscountRule(payload);
      notifySuccess(DISCOUNT_MESSAGES.created);
      navigate(LIST_PATH, { state: { created } satisfies CreatedRuleState });
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });

  return (
    <>
      <PageHeader title={TITLE} breadcrumb={[{ title: LIST_TITLE, path: LIST_PATH }, { title: TITLE }]} />
      <Card>
        <HookForm onSubmit={save} aria-label={TITLE}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <FormField control={control} name="name" label="Nama Aturan" required>
                {(field) => <Input {...field} maxLength={100} placeholder="Beasiswa Prestasi" />}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="fee_type_ids" label="Jenis Biaya" required>
                {({ value, onChange, ...field }) => (
                  <Select<number[]>
                    {...field}
                    mode="multiple"
                    value={value ?? []}
                    onChange={(next) => onChange(next)}
                    loading={feeTypes === null}
                    placeholder="Pilih jenis biaya"
                    notFoundContent="Tidak ada data"
                    options={(feeTypes ?? []).map((t) => ({ value: t.id, label: t.name }))}
                    style={{ width: '100%' }}
                  />
                )}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="kind" label="Jenis Potongan" required>
                {(field) => <CodeRadio {...field} label="Jenis Potongan" options={DISCOUNT_KINDS} />}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField
                control={control}
                name="value"
                label={kind === 'percent' ? 'Potongan (%)' : 'Potongan (Rp)'}
                required
              >
                {(field) =>
                  kind === 'percent' ? (
                    <Input {...field} inputMode="numeric" placeholder="1-100" />
                  ) : (
                    <MoneyInput {...field} />
                  )
                }
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="target" label="Sasaran" required>
                {(field) => <CodeRadio {...field} label="Sasaran" options={DISCOUNT_TARGETS} />}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              {target === 'category' ? (
                <FormField control={control} name="category" label="Kategori" required>
                  {(field) => <CategorySelect {...field} />}
                </FormField>
              ) : (
                <FormField control={control} name="student_ids" label="Siswa" required>
                  {({ value, onChange, ref: _ref, ...field }) => (
                    <StudentPicker
                      {...field}
                      multiple
                      value={value ?? []}
                      onChange={(next) => onChange(next ?? [])}
                    />
                  )}
                </FormField>
              )}
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="from_mm" label="Dari Bulan" required>
                {(field) => <Input {...field} type="month" />}
              </FormField>
            </Col>
            <Col xs={24} md={12}>
              <FormField control={control} name="to_mm" label="Sampai Bulan (kosong: seterusnya)">
                {({ value, ...field }) => <Input {...field} value={value ?? ''} type="month" />}
              </FormField>
            </Col>
            <Col xs={24}>
              <FormField control={control} name="reason" label="Alasan" required>
                {(field) => <Input.TextArea {...field} rows={2} maxLength={500} />}
              </FormField>
            </Col>
          </Row>
          <FormActions submitting={formState.isSubmitting} onCancel={backToList} />
        </HookForm>
      </Card>
    </>
  );
}
