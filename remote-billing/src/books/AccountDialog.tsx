import {
  apiErrorText,
  BOOKS_ACCOUNT_KINDS,
  BooksAccountSaveSchema,
  type BooksChartAccount,
  FormActions,
  FormField,
  HookForm,
  notifyError,
  notifySuccess,
  useValibotForm,
} from '@keuangan/shared';
import { Input, Modal, Select } from 'antd';
import { CENTERED } from '../constants';
import { addAccount, editAccount } from './chart-api';

/**
 * Adds an account to the foundation's chart, or edits one (`account`): an account with entries keeps its kind
 * (docs/books.md "Keeping the chart").
 */
export function AccountDialog({
  account,
  onClose,
  onSaved,
}: {
  account: BooksChartAccount | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { control, handleSubmit, formState } = useValibotForm(BooksAccountSaveSchema, {
    defaultValues: { code: account?.code ?? '', name: account?.name ?? '', kind: account?.kind ?? 'asset' },
  });
  const save = handleSubmit(async (values) => {
    try {
      const answer = account ? await editAccount(account.id, values) : await addAccount(values);
      notifySuccess(answer.message, CENTERED);
      onSaved();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  const title = account ? `Ubah Akun ${account.code}` : 'Tambah Akun';
  return (
    <Modal open title={title} footer={null} onCancel={onClose} destroyOnHidden>
      <HookForm onSubmit={save} aria-label={title}>
        <FormField control={control} name="code" label="Kode Akun" required>
          {(field) => <Input {...field} maxLength={20} />}
        </FormField>
        <FormField control={control} name="name" label="Nama Akun" required>
          {(field) => <Input {...field} maxLength={100} />}
        </FormField>
        <FormField control={control} name="kind" label="Jenis Akun" required>
          {(field) => (
            <Select {...field} options={[...BOOKS_ACCOUNT_KINDS]} disabled={account?.has_entries ?? false} />
          )}
        </FormField>
        <FormActions submitting={formState.isSubmitting} onCancel={onClose} />
      </HookForm>
    </Modal>
  );
}
