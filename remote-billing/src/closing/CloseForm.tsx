import {
  apiErrorText,
  CASH_COUNT_MESSAGES,
  CASH_DENOMINATIONS,
  CASH_PTYPE,
  type CashCounts,
  CashCountsSchema,
  type CashDayRecap,
  ConfirmDialog,
  countedTotal,
  denominationLabel,
  emptyCashCounts,
  FormField,
  formatIDR,
  HookForm,
  notifyError,
  notifySuccess,
  optionalText,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Col, Descriptions, Input, InputNumber, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { CENTERED } from '../constants';
import { closeCashDay } from './api';

/** 'Selisih' as staff read it: 'Rp 0', '+Rp 5.000' (more than expected), '-Rp 5.000' (less). */
export const differenceText = (difference: number) =>
  difference === 0 ? formatIDR(0) : `${difference > 0 ? '+' : '-'}${formatIDR(Math.abs(difference))}`;

/** The count form against `expected`: the server's rule, said next to the field before it is sent. */
const countForm = (expected: number) =>
  v.pipe(
    v.object({ counts: CashCountsSchema, difference_note: optionalText('Keterangan selisih', 500) }),
    v.forward(
      v.check(
        ({ counts, difference_note }) => countedTotal(counts) === expected || difference_note !== null,
        CASH_COUNT_MESSAGES.noteRequired,
      ),
      ['difference_note'],
    ),
  );

/**
 * Tutup Kas with the drawer counted (docs/screens.md "Rekap Kas Harian"): a count per note and coin, the counted
 * total against the expected cash live, the difference's explanation; Tutup Kas asks first, the server sums again.
 */
export function CloseForm({ recap, name, reload }: { recap: CashDayRecap; name: string; reload(): void }) {
  const expected = recap.by_ptype.find((t) => t.ptype === CASH_PTYPE)?.amount ?? 0;
  const schema = useMemo(() => countForm(expected), [expected]);
  const { control, handleSubmit, watch } = useValibotForm(schema, {
    defaultValues: { counts: emptyCashCounts(), difference_note: '' },
  });
  const [ready, setReady] = useState<{ counts: CashCounts; difference_note: string | null } | null>(null);
  const counted = countedTotal(watch('counts') ?? {});
  const difference = counted - expected;

  const close = async () => {
    // The form shows for one cashier only (CashDayPage): a recap of all has no drawer to close.
    if (!ready || recap.cashier_id === null) return;
    try {
      const closing = await closeCashDay(recap.date, recap.cashier_id, ready);
      notifySuccess(`Kas ditutup: ${closing.closing_number}`, CENTERED);
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setReady(null);
  };

  return (
    <HookForm onSubmit={handleSubmit((values) => setReady(values))} aria-label="Hitung Uang Tunai">
      <Typography.Paragraph type="secondary">
        Hitung uang tunai di laci per pecahan; jumlahnya dihitung server saat kas ditutup.
      </Typography.Paragraph>
      <Row gutter={16}>
        {CASH_DENOMINATIONS.map((d) => (
          <Col xs={12} md={6} key={d.key}>
            <FormField control={control} name={`counts.${d.key}`} label={denominationLabel(d)}>
              {({ value, onChange, ...field }) => (
                <InputNumber<number>
                  {...field}
                  value={value ?? 0}
                  onChange={(n) => onChange(n ?? 0)}
                  precision={0}
                  min={0}
                  suffix={d.kind === 'note' ? 'lembar' : 'keping'}
                  style={{ width: '100%' }}
                />
              )}
            </FormField>
          </Col>
        ))}
      </Row>
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Uang tunai seharusnya (pembayaran Cash)">
          <span data-testid="cash-expected">{formatIDR(expected)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Uang tunai dihitung">
          <span data-testid="cash-counted">{formatIDR(counted)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Selisih">
          <Typography.Text
            strong
            type={difference === 0 ? 'success' : 'danger'}
            data-testid="cash-difference"
          >
            {differenceText(difference)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <FormField
        control={control}
        name="difference_note"
        label="Keterangan selisih"
        required={difference !== 0}
      >
        {(field) => (
          <Input.TextArea
            {...field}
            value={String(field.value ?? '')}
            rows={2}
            maxLength={500}
            placeholder={difference === 0 ? 'Tidak ada selisih' : 'Mengapa uang berbeda dari seharusnya'}
          />
        )}
      </FormField>
      <Button type="primary" htmlType="submit">
        Tutup Kas
      </Button>
      <ConfirmDialog
        open={ready !== null}
        mode="cash-close"
        name={`${name} tanggal ${dayjs(recap.date).format('DD-MM-YYYY')}`}
        onConfirm={close}
        onCancel={() => setReady(null)}
      />
    </HookForm>
  );
}
