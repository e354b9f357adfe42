import {
  apiErrorText,
  CodeRadio,
  DateInput,
  FormActions,
  FormField,
  formatRupiah,
  HookForm,
  INSTALMENT_SHARES_MAX,
  type InstalmentPlanRow,
  InstalmentPlanSaveSchema,
  MoneyInput,
  notifyError,
  notifySuccess,
  PageHeader,
  parseRupiah,
  RecordFrame,
  rupiahInputText,
  shareAmounts,
  useLoad,
  useValibotForm,
} from '@keuangan/shared';
import { Alert, Button, Card, Col, Input, InputNumber, Row, Typography } from 'antd';
import { useCallback } from 'react';
import { type DefaultValues, useFieldArray } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import * as v from 'valibot';
import { fetchInstalmentPlan, saveInstalmentPlan } from './api';
import { PLAN_LIST_PATH, PLAN_LIST_TITLE } from './constants';

const KINDS = [
  { value: 'percent', label: 'Persen dari sisa tagihan' },
  { value: 'amount', label: 'Jumlah tetap (Rp)' },
] as const;

/** A share as typed: a percent, or an amount typed the Indonesian way ('1.250.000'), and its date. */
const ShareFormSchema = v.object({
  percent: v.nullable(v.number()),
  amount: v.string(),
  due_date: v.nullable(v.string()),
});

/** The form's values turned into the contract's payload, then checked by the contract's own schema. */
const PlanFormSchema = v.pipe(
  v.object({
    name: v.string(),
    kind: v.picklist(['percent', 'amount']),
    shares: v.array(ShareFormSchema),
  }),
  v.transform(({ name, kind, shares }) => ({
    name,
    shares: shares.map((s) => {
      const typed = parseRupiah(s.amount);
      return {
        percent: kind === 'percent' ? s.percent : null,
        amount: kind === 'amount' ? (typed.ok ? typed.value : Number.NaN) : null,
        due_date: s.due_date ?? '',
      };
    }),
  })),
  // The contract's own rules, with their messages on the fields they name (shares.0.amount, shares).
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const issue of v.safeParse(InstalmentPlanSaveSchema, dataset.value).issues ?? []) {
      addIssue({ message: issue.message, ...(issue.path ? { path: issue.path as never } : {}) });
    }
  }),
  v.transform((payload) => v.parse(InstalmentPlanSaveSchema, payload)),
);
type FormValues = v.InferInput<typeof PlanFormSchema>;

const emptyShare = { percent: null, amount: '', due_date: null };

const toFormValues = (plan: InstalmentPlanRow): FormValues => ({
  name: plan.name,
  kind: plan.shares.every((s) => s.percent !== null) ? 'percent' : 'amount',
  shares: plan.shares.map((s) => ({
    percent: s.percent,
    amount: rupiahInputText(s.amount),
    due_date: s.due_date,
  })),
});

/** An example of the split on Rp 10.000.000, so the rounding (the last takes the rest) shows before saving. */
function ExampleSplit({
  values,
}: {
  values: { kind?: string | undefined; shares?: ({ percent?: number | null } | undefined)[] | undefined };
}) {
  const percents = (values.shares ?? []).map((s) => s?.percent ?? null);
  if (values.kind !== 'percent' || percents.length === 0 || percents.some((p) => p === null)) return null;
  const amounts = shareAmounts(
    percents.map((percent) => ({ percent, amount: null, due_date: '' })),
    10_000_000,
  );
  return (
    <Typography.Paragraph type="secondary">
      Contoh untuk Rp 10.000.000: {amounts.map((a) => formatRupiah(a)).join(' + ')}
    </Typography.Paragraph>
  );
}

function InstalmentPlanForm({
  title,
  initial,
  plan,
}: {
  title: string;
  initial: FormValues;
  plan?: InstalmentPlanRow;
}) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, watch } = useValibotForm(PlanFormSchema, {
    defaultValues: initial as DefaultValues<FormValues>,
    mode: 'all',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'shares' });
  const values = watch();
  const backToList = () => navigate(PLAN_LIST_PATH);
  const sharesError = formState.errors.shares?.message ?? formState.errors.shares?.root?.message;

  const save = handleSubmit(async (payload) => {
    try {
      const answer = await saveInstalmentPlan(plan, payload);
      notifySuccess(answer.message);
      backToList();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });

  return (
    <Card>
      <HookForm onSubmit={save} aria-label={title}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <FormField control={control} name="name" label="Nama Rencana" required>
              {(field) => <Input {...field} maxLength={100} placeholder="Uang Pangkal 3x" />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="kind" label="Bagian Cicilan" required>
              {(field) => <CodeRadio {...field} label="Bagian Cicilan" options={KINDS} />}
            </FormField>
          </Col>
        </Row>
        {fields.map((share, index) => (
          <Row gutter={16} key={share.id} align="bottom">
            <Col xs={24} md={2}>
              <Typography.Paragraph strong>Cicilan {index + 1}</Typography.Paragraph>
            </Col>
            <Col xs={24} md={8}>
              {values.kind === 'percent' ? (
                <FormField control={control} name={`shares.${index}.percent`} label="Persen (%)" required>
                  {({ value, onChange, ...field }) => (
                    <InputNumber<number>
                      {...field}
                      value={value ?? null}
                      onChange={(n) => onChange(n ?? null)}
                      precision={0}
                      min={1}
                      max={100}
                      style={{ width: '100%' }}
                    />
                  )}
                </FormField>
              ) : (
                <FormField control={control} name={`shares.${index}.amount`} label="Jumlah (Rp)" required>
                  {(field) => <MoneyInput {...field} />}
                </FormField>
              )}
            </Col>
            <Col xs={24} md={8}>
              <FormField control={control} name={`shares.${index}.due_date`} label="Jatuh Tempo" required>
                {(field) => <DateInput field={field} placeholder="Pilih tanggal" />}
              </FormField>
            </Col>
            <Col xs={24} md={6}>
              <Button
                danger
                disabled={fields.length <= 2}
                onClick={() => remove(index)}
                aria-label={`Hapus cicilan ${index + 1}`}
                style={{ marginBottom: 24 }}
              >
                Hapus
              </Button>
            </Col>
          </Row>
        ))}
        <Button
          onClick={() => append({ ...emptyShare })}
          disabled={fields.length >= INSTALMENT_SHARES_MAX}
          style={{ marginBottom: 16 }}
        >
          Tambah Cicilan
        </Button>
        <ExampleSplit values={values} />
        {sharesError ? (
          <Alert type="error" showIcon role="alert" title={sharesError} style={{ marginBottom: 16 }} />
        ) : null}
        <FormActions submitting={formState.isSubmitting} onCancel={backToList} />
      </HookForm>
    </Card>
  );
}

const breadcrumb = (title: string) => [{ title: PLAN_LIST_TITLE, path: PLAN_LIST_PATH }, { title }];

/** Tambah Rencana Cicilan: three shares to start with. */
export function InstalmentPlanAddPage() {
  const title = 'Tambah Rencana Cicilan';
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb(title)} />
      <InstalmentPlanForm
        title={title}
        initial={{
          name: '',
          kind: 'percent',
          shares: [{ ...emptyShare }, { ...emptyShare }, { ...emptyShare }],
        }}
      />
    </>
  );
}

/** Ubah Rencana Cicilan: loads the plan first. */
export function InstalmentPlanEditPage() {
  const title = 'Ubah Rencana Cicilan';
  const { id } = useParams();
  const plan = useLoad(useCallback(() => fetchInstalmentPlan(id), [id]));
  return (
    <RecordFrame
      title={title}
      breadcrumb={breadcrumb(title)}
      record={plan}
      loadingText="Memuat rencana cicilan…"
      failedText="Rencana cicilan tidak dapat dimuat"
      backTo={PLAN_LIST_PATH}
      framed={false}
    >
      {(p) => <InstalmentPlanForm key={p.id} title={title} initial={toFormValues(p)} plan={p} />}
    </RecordFrame>
  );
}
