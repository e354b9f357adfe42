import {
  AMOUNT_GIVEN_TOO_SMALL,
  allocateOldestFirst,
  amountGivenError,
  apiErrorText,
  type BodyType,
  COUNTER_PAYMENT_TYPES,
  COUNTER_PTYPES,
  ConfirmDialog,
  changeOf,
  clampPayAmount,
  DateInput,
  FormField,
  formatDate,
  formatIDR,
  formatNumber,
  HookForm,
  INSTALMENT_LABELS,
  MoneyInput,
  notifyError,
  notifySuccess,
  PAYMENT_MESSAGES,
  type PaymentLine,
  payableItems,
  paymentTotal,
  type ROUTES,
  remainingAfterPayment,
  toWholeRupiah,
  useValibotForm,
} from '@keuangan/shared';
import { Alert, Button, Col, Flex, Input, Row, Select, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { CENTERED } from '../constants';
import type { InstalmentsView } from '../instalments/useBillInstalments';
import { useToday } from '../today';
import { QUICK_AMOUNTS, type QuickAmount, quickAmountOf, quickAmountValue } from './counterKeys';
import { ItemInstalmentsNote } from './ItemInstalmentsNote';
import { idempotencyKeys } from './idempotency';

/** One item of the bill as the form offers it. */
export interface PayableBillItem {
  id: number;
  /** The Komponen column: the component's (or the prospect fee's) name. */
  name: string;
  /** A second line under the name (fee type, Wajib or Sumbangan Sukarela). */
  detail?: string;
  /** What is still due on it (Tagihan); items with nothing due are not offered. */
  total_billing: number;
}

/** A payment type the counter takes (the pay routes' schema). */
type CounterPtype = BodyType<typeof ROUTES.billing.pay>['ptype'];

/** What the form sends, whatever the kind of bill: the pay call maps it to its own payload. */
export interface PaymentSubmission {
  /** Every offered item with what is paid on it (0 for an item not paid this time). */
  lines: PaymentLine[];
  /** The money handed over (Bayar), at least the total. */
  total_amount_payment_paid: number;
  /** 1 Cash, 2 ATM/Debit, 3 Pengurangan Hutang, 4 Transfer, 5 Cek/Giro, 6 Credit Card. */
  ptype: CounterPtype;
  /** Keterangan; null for Cash (the field is hidden then). */
  note: string | null;
  payer_name: string | null;
  /** Tanggal Bayar 'YYYY-MM-DD'; null when the kind of bill takes no date (paid today). */
  payment_date: string | null;
}

export interface PaymentFormProps<TPayment extends { id: number }> {
  /** The bill's items (all of them: those with nothing due are hidden here). */
  items: readonly PayableBillItem[];
  /** The bill's total still due: Sisa Tagihan Jika Sudah Dibayar is this minus Total Bayar. */
  totalBilling: number;
  /** The bill's date, Tanggal Bayar's minimum; null: no Tanggal Bayar field (the payment is dated today). */
  billDate: string | null;
  /** Nama Pembayar's starting value: the student's name (the prospect's for prospect bills). */
  defaultPayerName: string;
  /** Sends the payment, with `idempotencyKey` as the `Idempotency-Key` header; answers the payment. */
  pay: (submission: PaymentSubmission, idempotencyKey: string) => Promise<TPayment>;
  /** After 'Pembayaran Berhasil': reload the bill, open the note. */
  onPaid: (payment: TPayment) => void;
  /** After a refused or failed payment (already reported): reload the bill (docs/validation.md). */
  onFailed: () => void;
  /**
   * Several bills paid at once, the items oldest bill first: a Jumlah Uang below Total Bayar, once left, spreads
   * over the items oldest first (`allocateOldestFirst`), as a parent paying part of the arrears expects.
   */
  spreadShortMoney?: boolean;
  /**
   * The bill's split items (student bills): each shows its instalments owing under its line, with a button that
   * fills Bayar with what is due by today. Undefined: bills that are never split (prospects, several bills).
   * Failed: a short note, the form works on.
   */
  instalments?: InstalmentsView;
  /** A new number (above 0): focus Jumlah Uang, its amount selected, once the form shows (the counter's path). */
  focusGiven?: number;
}

const PAYER_MAX = 150;
const NOTE_MAX = 500;

/** The form's values: amounts and the amount given are the texts typed (a non-number is read as 0). */
function paymentFormSchema(billDate: string | null, today: string) {
  return v.pipe(
    v.object({
      amounts: v.array(v.object({ id: v.number(), due: v.number(), raw: v.string() })),
      payment_date: v.pipe(
        v.string(),
        v.check((d) => billDate === null || d !== '', 'Tanggal Bayar Tidak Boleh Kosong'),
        v.check((d) => billDate === null || d === '' || d >= billDate, PAYMENT_MESSAGES.dateBeforeBill),
        v.check((d) => billDate === null || d <= today, PAYMENT_MESSAGES.dateInFuture),
      ),
      payer_name: v.pipe(v.string(), v.maxLength(PAYER_MAX, `Nama Pembayar maksimal ${PAYER_MAX} karakter`)),
      ptype: v.pipe(
        v.number(PAYMENT_MESSAGES.ptypeRequired),
        v.picklist(COUNTER_PTYPES, PAYMENT_MESSAGES.ptypeRequired),
      ),
      note: v.pipe(v.string(), v.maxLength(NOTE_MAX, `Keterangan maksimal ${NOTE_MAX} karakter`)),
      given: v.string(),
    }),
    v.forward(
      v.check((values) => totalOf(values.amounts) > 0, PAYMENT_MESSAGES.totalZero),
      ['amounts'],
    ),
    v.forward(
      v.check(
        (values) => amountGivenError(toWholeRupiah(values.given), totalOf(values.amounts)) === undefined,
        AMOUNT_GIVEN_TOO_SMALL,
      ),
      ['given'],
    ),
  );
}
type FormValues = v.InferInput<ReturnType<typeof paymentFormSchema>>;

/** Total Bayar of the typed amounts, each read as the form will send it (whole, 0 to what is due). */
const totalOf = (amounts: readonly { raw: string; due: number }[]): number =>
  paymentTotal(amounts.map((a) => ({ payment_amount: clampPayAmount(a.raw, a.due) })));

/** Shows an amount the way it is typed back: '150.000' (Indonesian grouping, read back by toWholeRupiah). */
const shown = (amount: number) => formatNumber(amount);

/**
 * Form Pembayaran (docs/screens.md#payment-form): ONE form for every kind of bill; the bill page gives it the
 * items, the pay call and the payer, and the server checks the contract's money rules again. The Idempotency-Key
 * is made when the form opens: mount it afresh (a React `key`) for a new payment.
 */
export function PaymentForm<TPayment extends { id: number }>({
  items,
  totalBilling,
  billDate,
  defaultPayerName,
  pay,
  onPaid,
  onFailed,
  spreadShortMoney = false,
  instalments,
  focusGiven = 0,
}: PaymentFormProps<TPayment>) {
  const offered = useMemo(() => payableItems(items), [items]);
  const [today] = useState(useToday());
  const schema = useMemo(() => paymentFormSchema(billDate, today), [billDate, today]);
  const [keys] = useState(() => idempotencyKeys());
  const [confirming, setConfirming] = useState<PaymentSubmission | null>(null);
  // docs/money.md#the-payment-form: the amount given starts equal to the total; it follows the total until the cashier types one.
  const givenTyped = useRef(false);

  const { control, handleSubmit, setValue, getValues, trigger, setFocus, formState } = useValibotForm(
    schema,
    {
      defaultValues: {
        amounts: offered.map((item) => ({
          id: item.id,
          due: item.total_billing,
          raw: shown(item.total_billing),
        })),
        payment_date: billDate === null ? '' : today,
        payer_name: defaultPayerName,
        ptype: 1,
        note: '',
        given: shown(paymentTotal(offered.map((i) => ({ payment_amount: i.total_billing })))),
      },
    },
  );
  const submitted = formState.isSubmitted;
  const amounts = useWatch({ control, name: 'amounts' });
  const ptype = useWatch({ control, name: 'ptype' });
  const given = toWholeRupiah(useWatch({ control, name: 'given' }));
  const total = totalOf(amounts);
  const remaining = remainingAfterPayment(totalBilling, total);

  /** docs/money.md#the-payment-form, on blur and submit: whole rupiah, never negative, a non-number is 0, at most what is due. */
  const settleAmount = (index: number) => {
    const row = getValues(`amounts.${index}`);
    setValue(`amounts.${index}.raw`, shown(clampPayAmount(row.raw, row.due)));
    if (!givenTyped.current) setValue('given', shown(totalOf(getValues('amounts'))));
  };
  /** The fill button of a split item: its Bayar set to what is due by today (the cashier may still change it). */
  const fillAmount = (index: number, amount: number) => {
    setValue(`amounts.${index}.raw`, shown(amount));
    settleAmount(index);
  };
  const splitOf = (itemId: number) =>
    instalments?.status === 'ready' ? instalments.items.find((s) => s.item_id === itemId) : undefined;
  /** Jumlah Uang settled (left, submitted or a quick amount): whole; below Total Bayar it may spread oldest first. */
  const settleGiven = (money: number) => {
    setValue('given', shown(money));
    if (spreadShortMoney && money > 0 && money < totalOf(getValues('amounts'))) {
      const dues = getValues('amounts').map((a) => ({ id: a.id, due: a.due }));
      allocateOldestFirst(dues, money).forEach((line, index) => {
        setValue(`amounts.${index}.raw`, shown(line.payment_amount));
      });
    }
    if (submitted) void trigger(['given', 'amounts']);
  };
  const settleAll = () => {
    offered.forEach((_, index) => {
      settleAmount(index);
    });
    settleGiven(toWholeRupiah(getValues('given')));
  };
  /** Uang Pas or a banknote, by its button or its key: as if typed in Jumlah Uang. */
  const applyQuick = (quick: QuickAmount) => {
    givenTyped.current = true;
    settleGiven(quickAmountValue(quick, totalOf(getValues('amounts'))));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request (the number), not a new render, moves the focus
  useEffect(() => {
    if (focusGiven > 0) setFocus('given', { shouldSelect: true });
  }, [focusGiven]);

  const review = handleSubmit((values) => {
    setConfirming({
      lines: values.amounts.map((a) => ({ id: a.id, payment_amount: clampPayAmount(a.raw, a.due) })),
      total_amount_payment_paid: toWholeRupiah(values.given),
      ptype: values.ptype,
      note: values.ptype === 1 ? null : values.note.trim() || null,
      payer_name: values.payer_name.trim() || null,
      payment_date: billDate === null ? null : values.payment_date,
    });
  });

  const submit = async () => {
    if (!confirming) return;
    try {
      const payment = await pay(confirming, keys.keyFor(confirming));
      setConfirming(null);
      notifySuccess('Pembayaran Berhasil', CENTERED);
      onPaid(payment);
    } catch (error) {
      setConfirming(null);
      // docs/validation.md#server-refusals: the message's comma-separated parts on their own lines, then the bill reloads.
      notifyError(apiErrorText(error), 'Error');
      onFailed();
    }
  };

  if (offered.length === 0) {
    return (
      <Typography.Paragraph type="secondary">Tidak ada tagihan yang perlu dibayar.</Typography.Paragraph>
    );
  }
  const payableFrom = billDate ?? today;
  if (payableFrom > today) {
    return (
      <Alert
        type="info"
        showIcon
        title={`Billing ini bertanggal ${formatDate(payableFrom)}: pembayaran dapat dicatat mulai tanggal tersebut.`}
      />
    );
  }

  return (
    <>
      <HookForm
        aria-label="Form Pembayaran"
        onKeyDown={(event) => {
          const quick = quickAmountOf(event);
          if (!quick) return;
          event.preventDefault();
          applyQuick(quick);
        }}
        onSubmit={(event) => {
          settleAll();
          return review(event);
        }}
      >
        {instalments?.status === 'loading' ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {INSTALMENT_LABELS.loading}
          </Typography.Text>
        ) : null}
        {instalments?.status === 'failed' ? (
          // A quiet note, not an alert: the form works on without the instalments.
          <Typography.Text type="warning" style={{ display: 'block', marginBottom: 8 }}>
            {INSTALMENT_LABELS.unavailable}
          </Typography.Text>
        ) : null}
        <Table<PayableBillItem>
          aria-label="Komponen yang dibayar"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={offered}
          columns={[
            {
              key: 'name',
              title: 'Komponen',
              render: (_value, item, index) => {
                const split = splitOf(item.id);
                return (
                  <Flex vertical>
                    <span>{item.name}</span>
                    {item.detail ? <Typography.Text type="secondary">{item.detail}</Typography.Text> : null}
                    {split ? (
                      <ItemInstalmentsNote
                        split={split}
                        itemName={item.name}
                        due={item.total_billing}
                        today={today}
                        onFill={(amount) => fillAmount(index, amount)}
                      />
                    ) : null}
                  </Flex>
                );
              },
            },
            {
              key: 'due',
              title: 'Tagihan',
              align: 'right',
              render: (_value, item) => formatIDR(item.total_billing),
            },
            {
              key: 'pay',
              title: 'Bayar',
              width: 220,
              render: (_value, item, index) => (
                <AmountInput control={control} index={index} name={item.name} onSettle={settleAmount} />
              ),
            },
          ]}
          summary={() => (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>Total Bayar</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>
                  <strong data-testid="payment-total">{formatIDR(total)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  Sisa Tagihan Jika Sudah Dibayar
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>
                  <span data-testid="payment-remaining">{formatIDR(remaining)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
        <AmountsError control={control} />
        <Row gutter={16} style={{ marginTop: 16 }}>
          {billDate === null ? null : (
            <Col xs={24} md={12}>
              <FormField control={control} name="payment_date" label="Tanggal Bayar" required>
                {(field) => (
                  <DateInput
                    // A date out of range says why at once, next to the field (not only after Bayar).
                    field={{
                      ...field,
                      onChange: (date: string) => {
                        field.onChange(date);
                        void trigger('payment_date');
                      },
                    }}
                    min={billDate}
                    max={today}
                    allowClear={false}
                  />
                )}
              </FormField>
            </Col>
          )}
          <Col xs={24} md={12}>
            <FormField control={control} name="payer_name" label="Nama Pembayar">
              {(field) => <Input {...field} maxLength={PAYER_MAX} autoComplete="off" />}
            </FormField>
          </Col>
          <Col xs={24} md={12}>
            <FormField control={control} name="ptype" label="Tipe Pembayaran" required>
              {(field) => (
                <Select<number>
                  {...field}
                  options={COUNTER_PAYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                  style={{ width: '100%' }}
                />
              )}
            </FormField>
          </Col>
          {ptype === 1 ? null : (
            <Col xs={24} md={12}>
              <FormField control={control} name="note" label="Keterangan">
                {(field) => <Input {...field} maxLength={NOTE_MAX} autoComplete="off" />}
              </FormField>
            </Col>
          )}
          <Col xs={24} md={12}>
            <FormField control={control} name="given" label="Jumlah Uang" required>
              {(field) => (
                <MoneyInput
                  {...field}
                  onChange={(text) => {
                    givenTyped.current = true;
                    field.onChange(text);
                  }}
                  onBlur={() => {
                    settleGiven(toWholeRupiah(getValues('given')));
                    field.onBlur();
                  }}
                />
              )}
            </FormField>
            <Flex gap={8} wrap style={{ marginTop: -12, marginBottom: 16 }}>
              {QUICK_AMOUNTS.map((quick) => (
                <Button
                  key={quick.key}
                  size="small"
                  aria-keyshortcuts={quick.key}
                  onClick={() => applyQuick(quick)}
                >
                  {quick.label} <kbd>{quick.key}</kbd>
                </Button>
              ))}
            </Flex>
          </Col>
        </Row>
        <Flex gap={16} align="center" wrap>
          <Button type="primary" htmlType="submit">
            Bayar
          </Button>
          {given >= total ? (
            <Typography.Text>
              Kembali: <strong data-testid="payment-change">{formatIDR(changeOf(given, total))}</strong>
            </Typography.Text>
          ) : null}
        </Flex>
      </HookForm>
      <ConfirmDialog
        open={confirming !== null}
        mode="payment"
        message={
          confirming ? (
            <>
              <p>Apakah Anda yakin untuk membayar billing ini ?</p>
              <p>
                Total Bayar {formatIDR(paymentTotal(confirming.lines))}, dibayarkan{' '}
                {formatIDR(confirming.total_amount_payment_paid)}, kembali{' '}
                {formatIDR(changeOf(confirming.total_amount_payment_paid, paymentTotal(confirming.lines)))}.
              </p>
            </>
          ) : null
        }
        onConfirm={submit}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** One item's Bayar input: the text as typed, settled (whole, capped) when it is left. */
function AmountInput({
  control,
  index,
  name,
  onSettle,
}: {
  control: Control<FormValues, unknown, FormValues>;
  index: number;
  name: string;
  onSettle: (index: number) => void;
}) {
  const { field } = useController({ control, name: `amounts.${index}.raw` });
  return (
    <MoneyInput
      {...field}
      aria-label={`Bayar ${name}`}
      onBlur={() => {
        onSettle(index);
        field.onBlur();
      }}
    />
  );
}

/** 'Total Bayar harus lebih dari 0' when every amount is 0. */
function AmountsError({ control }: { control: Control<FormValues, unknown, FormValues> }) {
  const { fieldState } = useController({ control, name: 'amounts' });
  const message = fieldState.error?.root?.message ?? fieldState.error?.message;
  return message ? (
    <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
      {message}
    </Typography.Text>
  ) : null;
}
