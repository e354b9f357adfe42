import {
  apiErrorText,
  type BankLine,
  ConfirmDialog,
  FormActions,
  FormField,
  formatDate,
  formatIDR,
  HookForm,
  MoneyInput,
  notifyError,
  notifySuccess,
  rupiahInputText,
  StudentPicker,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Flex, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { type DefaultValues, useFieldArray } from 'react-hook-form';
import { CENTERED } from '../constants';
import { allocateLine } from './api';
import { type AssignValues, assignSchema, SHARES_MAX, type Share, sharesLeft } from './assign';

/** The form's first rows: the line's shares, else its best candidate for the whole amount, else one empty row. */
function initialShares(line: BankLine): AssignValues['shares'] {
  if (line.allocations.length > 0) {
    return line.allocations.map((a) => ({ student_id: a.student_id, amount: rupiahInputText(a.amount) }));
  }
  const best = line.candidates[0];
  return [{ student_id: best?.student_id ?? null, amount: rupiahInputText(line.amount) }];
}

/**
 * A line assigned by hand (docs/bank-reconciliation.md "Assigning a line"): any active student of the branch,
 * or several (siblings) each with a share; Simpan waits until the shares add up to the line's amount.
 */
export function AssignDialog({
  line,
  onClose,
  onSaved,
}: {
  line: BankLine;
  onClose: () => void;
  onSaved: () => void;
}) {
  const schema = useMemo(() => assignSchema(line.amount), [line.amount]);
  const known = useMemo(
    () => [
      ...line.allocations.map((a) => ({ value: a.student_id, label: a.student_name })),
      ...line.candidates.map((c) => ({ value: c.student_id, label: `${c.student_name} (${c.nis})` })),
    ],
    [line],
  );
  const { control, handleSubmit, formState, watch } = useValibotForm(schema, {
    defaultValues: { shares: initialShares(line) } as DefaultValues<AssignValues>,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'shares' });
  const left = sharesLeft(line.amount, watch('shares') ?? []);
  const [replacing, setReplacing] = useState<Share[] | null>(null);
  const sharesError = formState.errors.shares?.message ?? formState.errors.shares?.root?.message;

  const save = async (shares: Share[]) => {
    try {
      const answer = await allocateLine(line.id, shares);
      notifySuccess(answer.message, CENTERED);
      onSaved();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };
  // Replacing an earlier choice is confirmed first: the earlier one is withdrawn.
  const submit = handleSubmit(async ({ allocations }) => {
    if (line.allocations.length > 0) setReplacing(allocations);
    else await save(allocations);
  });

  return (
    <Modal open title="Pilih Siswa untuk Mutasi" footer={null} onCancel={onClose} destroyOnHidden width={640}>
      <Typography.Paragraph>
        {formatDate(line.line_date)} · {line.description} · <strong>{formatIDR(line.amount)}</strong>
      </Typography.Paragraph>
      <HookForm onSubmit={submit} aria-label="Pembagian mutasi">
        {fields.map((row, index) => (
          <Flex key={row.id} gap={8} align="start">
            <div style={{ flex: 2 }}>
              <FormField
                control={control}
                name={`shares.${index}.student_id`}
                label={`Siswa ${index + 1}`}
                required
              >
                {(field) => (
                  <StudentPicker
                    {...field}
                    known={known}
                    value={field.value ?? null}
                    onChange={(next) => field.onChange(typeof next === 'number' ? next : null)}
                  />
                )}
              </FormField>
            </div>
            <div style={{ flex: 1 }}>
              <FormField
                control={control}
                name={`shares.${index}.amount`}
                label={`Nominal ${index + 1}`}
                required
              >
                {(field) => <MoneyInput {...field} />}
              </FormField>
            </div>
            {fields.length > 1 ? (
              <Button
                style={{ marginTop: 30 }}
                onClick={() => remove(index)}
                aria-label={`Hapus siswa ${index + 1}`}
              >
                Hapus
              </Button>
            ) : null}
          </Flex>
        ))}
        <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
          <Button
            disabled={fields.length >= SHARES_MAX}
            onClick={() => append({ student_id: null, amount: left > 0 ? rupiahInputText(left) : '' })}
          >
            Tambah Siswa
          </Button>
          <span aria-live="polite">
            {left === 0
              ? 'Seluruh nominal sudah dibagi'
              : left > 0
                ? `Sisa belum dibagi: ${formatIDR(left)}`
                : `Kelebihan pembagian: ${formatIDR(-left)}`}
          </span>
        </Flex>
        {sharesError ? (
          <Typography.Paragraph type="danger" role="alert">
            {sharesError}
          </Typography.Paragraph>
        ) : null}
        <FormActions submitting={formState.isSubmitting} onCancel={onClose} />
      </HookForm>
      <ConfirmDialog
        open={replacing !== null}
        mode="bank-replace"
        name={`${formatIDR(line.amount)} (${line.description})`}
        onConfirm={async () => {
          if (replacing) await save(replacing);
          setReplacing(null);
        }}
        onCancel={() => setReplacing(null)}
      />
    </Modal>
  );
}
