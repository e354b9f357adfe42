import {
  apiErrorText,
  BOOKS_MAPPING_KINDS,
  BOOKS_MAPPING_SOURCES,
  type BooksAccount,
  type BooksMappingRow,
  BooksMappingSaveSchema,
  FormActions,
  FormField,
  HookForm,
  notifyError,
  notifySuccess,
  useValibotForm,
} from '@keuangan/shared';
import { Modal, Select } from 'antd';
import { CENTERED } from '../constants';
import { saveMapping } from './chart-api';

const optionsOf = (accounts: readonly BooksAccount[], kinds: readonly string[]) =>
  accounts
    .filter((a) => a.active && kinds.includes(a.kind))
    .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));

/**
 * Points a fee type, payment type or deduction at its accounts, for entries posted from now on (docs/books.md
 * "Keeping the chart"): only active accounts of the kinds the mapping takes are offered.
 */
export function MappingDialog({
  row,
  accounts,
  onClose,
  onSaved,
}: {
  row: BooksMappingRow;
  accounts: readonly BooksAccount[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { control, handleSubmit, formState } = useValibotForm(BooksMappingSaveSchema, {
    defaultValues: {
      source: row.source,
      source_key: row.source_key,
      account_id: row.account_id ?? undefined,
      receivable_account_id: row.receivable_account_id,
    },
  });
  const save = handleSubmit(async (values) => {
    try {
      const answer = await saveMapping(values);
      notifySuccess(answer.message, CENTERED);
      onSaved();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  const source = BOOKS_MAPPING_SOURCES.find((s) => s.value === row.source)?.label ?? row.source;
  const title = `Pemetaan ${source}: ${row.label}`;
  return (
    <Modal open title={title} footer={null} onCancel={onClose} destroyOnHidden>
      <HookForm onSubmit={save} aria-label={title}>
        <FormField control={control} name="account_id" label="Akun" required>
          {(field) => (
            <Select
              {...field}
              showSearch={{ optionFilterProp: 'label' }}
              options={optionsOf(accounts, BOOKS_MAPPING_KINDS[row.source])}
            />
          )}
        </FormField>
        {row.source === 'fee_type' ? (
          <FormField control={control} name="receivable_account_id" label="Akun Piutang" required>
            {(field) => (
              <Select
                {...field}
                value={field.value ?? undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={optionsOf(accounts, ['asset'])}
              />
            )}
          </FormField>
        ) : null}
        <FormActions submitting={formState.isSubmitting} onCancel={onClose} />
      </HookForm>
    </Modal>
  );
}
