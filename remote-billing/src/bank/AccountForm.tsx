import {
  apiErrorText,
  BANK_LAYOUTS,
  BankAccountCreateSchema,
  FormField,
  HookForm,
  notifyError,
  notifySuccess,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Col, Input, Row, Select } from 'antd';
import { CENTERED } from '../constants';
import { createAccount } from './api';

/** Adds a bank account to the branch, with the layout its statements come in (docs/bank-reconciliation.md). */
export function AccountForm({ onAdded }: { onAdded(id: number): void }) {
  const { control, handleSubmit, reset } = useValibotForm(BankAccountCreateSchema, {
    defaultValues: { bank: 'generic', account_number: '', account_name: '' },
  });
  const save = handleSubmit(async (values) => {
    try {
      const account = await createAccount(values);
      notifySuccess('Rekening bank ditambahkan', CENTERED);
      reset();
      onAdded(account.id);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  return (
    <HookForm onSubmit={save} aria-label="Tambah Rekening Bank">
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <FormField control={control} name="bank" label="Format Mutasi" required>
            {(field) => <Select {...field} options={[...BANK_LAYOUTS]} />}
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField control={control} name="account_number" label="Nomor Rekening" required>
            {(field) => <Input {...field} maxLength={40} />}
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField control={control} name="account_name" label="Nama Rekening" required>
            {(field) => <Input {...field} maxLength={100} />}
          </FormField>
        </Col>
      </Row>
      <Button htmlType="submit">Tambah Rekening</Button>
    </HookForm>
  );
}
