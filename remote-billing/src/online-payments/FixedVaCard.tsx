import {
  apiErrorText,
  ConfirmDialog,
  FIXED_VA_BANKS,
  type FixedVa,
  FixedVaCloseSchema,
  FixedVaCreateSchema,
  FormField,
  HookForm,
  isCancelledRequest,
  notifyError,
  notifySuccess,
  type OnlineGatewayInfo,
  ROUTES,
  useApi,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Card, Descriptions, Flex, InputNumber, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';
import { Copyable } from './Copyable';

const BankSchema = v.pick(FixedVaCreateSchema, ['bank']);
const BANK_OPTIONS = FIXED_VA_BANKS.map((bank) => ({ value: bank, label: bank.toUpperCase() }));

/**
 * "VA Tetap" on Tagihan Siswa (docs/online-payments.md, "Fixed VA"): the student's open Xendit VA with "Salin",
 * or the bank to open one at, and "Tutup VA Tetap" (a reason asked). Shown only when fixed VAs are configured. Money
 * on it pays the oldest due items.
 */
export function FixedVaCard({ studentId, onPaid }: { studentId: number; onPaid: () => void }) {
  const { apiGet, apiPost } = useApi();
  const [gateway, setGateway] = useState<OnlineGatewayInfo | null>(null);
  const [vas, setVas] = useState<FixedVa[] | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [closing, setClosing] = useState<FixedVa | null>(null);
  const { control, handleSubmit, formState } = useValibotForm(BankSchema, {
    defaultValues: { bank: 'bca' },
  });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const info = await apiGet(ROUTES.onlinePayments.channels(), undefined, { signal });
        setGateway(info);
        if (info.fixed_va)
          setVas(await apiGet(ROUTES.onlinePayments.fixedVas(), { student_id: studentId }, { signal }));
      } catch (error) {
        if (!isCancelledRequest(error)) notifyError(apiErrorText(error), 'Error');
      }
    },
    [apiGet, studentId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const open = handleSubmit(async ({ bank }) => {
    try {
      await apiPost(ROUTES.onlinePayments.createFixedVa(), { student_id: studentId, bank });
      notifySuccess('VA tetap dibuat');
      await load();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });

  const simulate = async (va: FixedVa) => {
    if (amount === null) return;
    setPaying(true);
    try {
      await apiPost(ROUTES.onlinePayments.simulateFixedVa({ id: va.id }), { amount });
      notifySuccess('Pembayaran ke VA tetap diterima dan dicatat');
      setAmount(null);
      onPaid();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setPaying(false);
    }
  };

  // The reason is required: checked here with the contract's schema, the dialog stays open when it is missing.
  const close = async (reason: string) => {
    if (!closing) return;
    const checked = v.safeParse(FixedVaCloseSchema, { reason });
    if (!checked.success) {
      notifyError(checked.issues[0].message, 'Error');
      return;
    }
    try {
      await apiPost(ROUTES.onlinePayments.closeFixedVa({ id: closing.id }), checked.output);
      notifySuccess('VA tetap ditutup');
      setClosing(null);
      await load();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  if (!gateway?.fixed_va || vas === null) return null;
  // The open one; closed ones are kept (docs/online-payments.md, "Closing a fixed VA") but not offered.
  const va = vas.find((one) => one.closed_at === null);
  return (
    <Card title="VA Tetap" style={{ marginBottom: 16 }} data-testid="fixed-va-card">
      {va ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'bank', label: 'Bank', children: va.bank.toUpperCase() },
              { key: 'va', label: 'Nomor Virtual Account', children: <Copyable text={va.account_number} /> },
              { key: 'name', label: 'Atas Nama', children: va.name },
            ]}
          />
          <p>
            Uang yang masuk membayar tagihan yang paling lama jatuh tempo lebih dulu; sisanya menjadi Saldo
            Titipan.
          </p>
          <Button danger onClick={() => setClosing(va)} style={{ marginBottom: 12 }}>
            Tutup VA Tetap
          </Button>
          {gateway.simulator ? (
            <Flex gap={8} wrap>
              <InputNumber<number>
                aria-label="Jumlah simulasi"
                min={1}
                precision={0}
                value={amount}
                onChange={setAmount}
                placeholder="Jumlah"
              />
              <Button disabled={!amount} loading={paying} onClick={() => simulate(va)}>
                Simulasikan Pembayaran
              </Button>
            </Flex>
          ) : null}
        </>
      ) : (
        <HookForm onSubmit={open} aria-label="Buat VA tetap">
          <Flex gap={8} align="flex-end" wrap>
            <FormField control={control} name="bank" label="Bank" required>
              {(field) => <Select {...field} options={BANK_OPTIONS} style={{ minWidth: 160 }} />}
            </FormField>
            <Button htmlType="submit" loading={formState.isSubmitting} style={{ marginBottom: 24 }}>
              Buat VA Tetap
            </Button>
          </Flex>
        </HookForm>
      )}
      <ConfirmDialog
        open={closing !== null}
        mode="fixed-va-close"
        name={closing ? `${closing.bank.toUpperCase()} ${closing.account_number}` : ''}
        reasonLabel="Alasan penutupan"
        onConfirm={close}
        onCancel={() => setClosing(null)}
      />
    </Card>
  );
}
