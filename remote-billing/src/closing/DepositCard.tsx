import {
  apiErrorText,
  type CashClosing,
  CashDepositCreateSchema,
  ConfirmDialog,
  DateInput,
  FormField,
  formatDate,
  formatIDR,
  HookForm,
  MoneyInput,
  notifyError,
  notifySuccess,
  PrintIcon,
  rupiahInputText,
  rupiahText,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Col, Descriptions, Flex, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import * as v from 'valibot';
import { CENTERED } from '../constants';
import { useDocuments } from '../documents';
import { useToday } from '../today';
import { depositCash } from './api';

/** The contract's deposit with the amount typed the Indonesian way ('1.250.000'). */
const DepositFormSchema = v.object({
  ...CashDepositCreateSchema.entries,
  amount: rupiahText('Jumlah setoran', CashDepositCreateSchema.entries.amount),
});
type DepositValues = v.InferOutput<typeof DepositFormSchema>;

/**
 * Setoran Bank of a closing (docs/screens.md "Rekap Kas Harian"): recorded once (after a confirmation) and printed;
 * a reopened closing keeps the deposit it had and takes none.
 */
export function DepositCard({ closing, reload }: { closing: CashClosing; reload(): void }) {
  const { openDepositPdf } = useDocuments();
  const deposit = closing.deposit;
  if (deposit) {
    return (
      <Flex vertical gap={8}>
        <Descriptions bordered size="small" column={1} title="Setoran Bank">
          <Descriptions.Item label="Jumlah disetor">
            <strong data-testid="deposit-amount">{formatIDR(deposit.amount)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="Rekening bank">{deposit.bank_account}</Descriptions.Item>
          <Descriptions.Item label="No. referensi">{deposit.reference}</Descriptions.Item>
          <Descriptions.Item label="Tanggal setor">{formatDate(deposit.deposit_date)}</Descriptions.Item>
          <Descriptions.Item label="Disetor oleh">{deposit.deposited_by}</Descriptions.Item>
        </Descriptions>
        <Flex>
          <Button icon={<PrintIcon />} onClick={() => openDepositPdf(closing.id, closing.closing_number)}>
            Cetak Setoran
          </Button>
        </Flex>
      </Flex>
    );
  }
  if (closing.reopened_at !== null) return null;
  return <DepositForm closing={closing} reload={reload} />;
}

function DepositForm({ closing, reload }: { closing: CashClosing; reload(): void }) {
  const today = useToday()();
  const cash = closing.cash_count?.counted ?? 0;
  const { control, handleSubmit } = useValibotForm(DepositFormSchema, {
    defaultValues: { amount: rupiahInputText(cash), bank_account: '', reference: '', deposit_date: today },
  });
  const [ready, setReady] = useState<DepositValues | null>(null);
  const save = async () => {
    if (!ready) return;
    try {
      await depositCash(closing.id, ready);
      notifySuccess('Setoran bank dicatat', CENTERED);
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setReady(null);
  };
  return (
    <HookForm onSubmit={handleSubmit((values) => setReady(values))} aria-label="Setoran Bank">
      <Typography.Title level={5}>Setoran Bank</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <FormField control={control} name="amount" label="Jumlah setoran" required>
            {(field) => <MoneyInput {...field} />}
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField control={control} name="bank_account" label="Rekening bank" required>
            {(field) => <Input {...field} maxLength={100} placeholder="BCA 123-456-7890" />}
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField control={control} name="reference" label="No. referensi" required>
            {(field) => <Input {...field} maxLength={60} />}
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField control={control} name="deposit_date" label="Tanggal setor" required>
            {(field) => <DateInput field={field} min={closing.closing_date} max={today} />}
          </FormField>
        </Col>
      </Row>
      <Button htmlType="submit">Simpan Setoran</Button>
      <ConfirmDialog
        open={ready !== null}
        mode="cash-deposit"
        name={`${formatIDR(ready?.amount ?? 0)} dari ${closing.closing_number}`}
        onConfirm={save}
        onCancel={() => setReady(null)}
      />
    </HookForm>
  );
}
