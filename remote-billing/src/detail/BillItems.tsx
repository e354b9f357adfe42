import {
  apiErrorText,
  BILL_ITEM_FIELD_SCHEMAS,
  type BillItemField,
  ConfirmDialog,
  DEDUCTIONS_EXCEED_PRICE,
  DeleteIcon,
  deductionsFit,
  discountRuleLabel,
  FORM_STATUS_UNCONFIRMED,
  FormField,
  FTYPES,
  formatDateTimeIn,
  formatIDR,
  formatMonth,
  formatNumber,
  HookForm,
  InlineEdit,
  isCancelledRequest,
  labelOf,
  notifyError,
  notifySuccess,
  PlusIcon,
  type StudentBillingDetail,
  type StudentBillingItem,
  StudentBillingItemCreateSchema,
  type StudentBillingRemovedItem,
  type StudentFeeComponent,
  tableEmpty,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Card, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { CENTERED, FEE_COMPONENT_ADD_PATH } from '../constants';
import { useEmbed } from '../embed/context';
import { useBranchZone } from '../today';
import { useBillWrites } from './api';

const FIELD_LABELS: Record<BillItemField, string> = {
  price: 'Biaya',
  discount: 'Diskon',
  bail: 'Ditanggung',
  qty: 'Qty',
};

/** The rule of one edited value, with the item's own rule: discount and bail together never exceed the price. */
const fieldSchema = (item: StudentBillingItem, field: BillItemField) =>
  v.pipe(
    BILL_ITEM_FIELD_SCHEMAS[field],
    v.check((value: number) => deductionsFit({ ...item, [field]: value }), DEDUCTIONS_EXCEED_PRICE),
  ) as v.GenericSchema<unknown, number>;

/**
 * Rincian Biaya (docs/screens.md): the bill's items with their totals. While the bill is unconfirmed: price,
 * discount, bail and qty are edited in place, an item is deleted after confirmation (not one a payment ever
 * named, nor the last one: the server refuses those too), and a component the student has not been charged
 * yet is added. Every write answers the bill as it now is (`onChange`).
 */
export function BillItems({
  bill,
  onChange,
  onStale,
}: {
  bill: StudentBillingDetail;
  onChange: (bill: StudentBillingDetail) => void;
  /** A refused write: the bill may have changed elsewhere, load it again. */
  onStale: () => void;
}) {
  const writes = useBillWrites();
  // An embedded view changes no item (embed/context.ts).
  const embedded = useEmbed() !== null;
  const editable = bill.form_status === FORM_STATUS_UNCONFIRMED && !embedded;
  const [deleting, setDeleting] = useState<StudentBillingItem | null>(null);
  const items = bill.student_billing_items;

  const save = async (item: StudentBillingItem, field: BillItemField, value: number) => {
    try {
      const answer = await writes.updateItem(item.id, field, value);
      notifySuccess('Data berhasil diubah.', CENTERED);
      onChange(answer.data);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      onStale();
      throw error; // the input stays open with the typed value
    }
  };

  const remove = async (reason: string) => {
    if (!deleting) return;
    try {
      const answer = await writes.deleteItem(deleting.id, reason);
      notifySuccess('Data berhasil dihapus', CENTERED);
      onChange(answer.data);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      onStale();
    }
    setDeleting(null);
  };

  const money = (field: Exclude<BillItemField, 'qty'>) => (item: StudentBillingItem) =>
    editable ? (
      <InlineEdit
        label={FIELD_LABELS[field]}
        rowName={item.student_fee_component.name}
        value={item[field]}
        display={formatNumber(item[field])}
        kind="money"
        schema={fieldSchema(item, field)}
        onSave={(value) => save(item, field, value as number)}
      />
    ) : (
      formatNumber(item[field])
    );

  const columns: TableColumnsType<StudentBillingItem> = [
    { key: 'no', title: 'No.', width: 56, render: (_v, _item, index) => index + 1 },
    {
      key: 'component',
      title: 'Komponen',
      render: (_v, item) => (
        // At most this wide, its lines wrapping: a long discount note must not push Pembayaran, Sisa Tagihan and
        // Aksi off a 1366 px screen (the table is as wide as its content while editable).
        <Flex vertical style={{ minWidth: 160, maxWidth: 260 }}>
          <span>{item.student_fee_component.name}</span>
          <Typography.Text type="secondary">
            {item.fee_type.name} · {labelOf(FTYPES, item.ftype === 1 ? 1 : 0)}
          </Typography.Text>
          {/* The rule the discount came from (docs/money.md#discount-rules). */}
          {item.discount_rule ? (
            <Typography.Text type="secondary">{discountRuleLabel(item.discount_rule)}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'price', title: 'Biaya', render: (_v, item) => money('price')(item) },
    { key: 'discount', title: 'Diskon', render: (_v, item) => money('discount')(item) },
    { key: 'bail', title: 'Ditanggung', render: (_v, item) => money('bail')(item) },
    {
      key: 'qty',
      title: 'Qty.',
      render: (_v, item) =>
        editable ? (
          <InlineEdit
            label="Qty"
            rowName={item.student_fee_component.name}
            value={item.qty}
            display={item.qty}
            kind="number"
            schema={fieldSchema(item, 'qty')}
            onSave={(value) => save(item, 'qty', value as number)}
          />
        ) : (
          item.qty
        ),
    },
    {
      key: 'total',
      title: 'Total Biaya',
      align: 'right',
      render: (_v, item) => formatNumber(item.total_amount),
    },
    {
      key: 'paid',
      title: 'Pembayaran',
      align: 'right',
      render: (_v, item) => formatNumber(item.total_payment),
    },
    {
      key: 'due',
      title: 'Sisa Tagihan',
      align: 'right',
      render: (_v, item) => formatNumber(item.total_billing),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: 'Aksi',
            width: 72,
            render: (_v: unknown, item: StudentBillingItem) => {
              const reason = items.length <= 1 ? 'billing harus memiliki minimal satu komponen' : null;
              return (
                <Button
                  danger
                  size="small"
                  icon={<DeleteIcon />}
                  disabled={reason !== null}
                  aria-label={
                    reason
                      ? `${item.student_fee_component.name} tidak dapat dihapus: ${reason}`
                      : `Hapus ${item.student_fee_component.name}`
                  }
                  title={reason ? `Tidak dapat dihapus: ${reason}` : 'Hapus'}
                  onClick={() => setDeleting(item)}
                />
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Card title="Rincian Biaya" style={{ marginBottom: 16 }}>
      <Table<StudentBillingItem>
        aria-label="Rincian Biaya"
        rowKey="id"
        size="small"
        pagination={false}
        // Only with its buttons: a scrolling region needs something to focus (axe).
        scroll={editable ? { x: 'max-content' } : undefined}
        columns={columns}
        dataSource={items}
        locale={{ emptyText: tableEmpty() }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              <strong>{formatNumber(bill.total_amount)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <strong>{formatNumber(bill.total_payment)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              <strong>{formatNumber(bill.total_billing)}</strong>
            </Table.Summary.Cell>
            {editable ? <Table.Summary.Cell index={9} /> : null}
          </Table.Summary.Row>
        )}
      />
      {editable ? <AddItem bill={bill} onChange={onChange} /> : null}
      <RemovedItems items={bill.removed_items} />
      <ConfirmDialog
        open={deleting !== null}
        mode="delete"
        name={deleting?.student_fee_component.name ?? ''}
        message={
          deleting?.has_payments ? (
            <p>
              Komponen {deleting.student_fee_component.name} pernah dibayar (pembayarannya sudah dibatalkan).
              Komponen akan dikeluarkan dari billing, tetapi tetap tercatat beserta siapa, kapan dan
              alasannya; kuitansi yang dibatalkan tetap menampilkannya.
            </p>
          ) : undefined
        }
        reasonLabel={deleting?.has_payments ? 'Alasan penghapusan (opsional)' : undefined}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

/** Komponen Dihapus: items taken off the bill after a (voided) payment named them, with who, when and why. */
function RemovedItems({ items }: { items: readonly StudentBillingRemovedItem[] }) {
  const zone = useBranchZone();
  if (items.length === 0) return null;
  return (
    <Table<StudentBillingRemovedItem>
      aria-label="Komponen Dihapus"
      title={() => <Typography.Text strong>Komponen Dihapus</Typography.Text>}
      rowKey="id"
      size="small"
      pagination={false}
      style={{ marginTop: 16 }}
      dataSource={items}
      columns={[
        { key: 'name', title: 'Komponen', render: (_v, item) => item.student_fee_component.name },
        {
          key: 'total',
          title: 'Total Biaya',
          align: 'right',
          render: (_v, item) => formatNumber(item.total_amount),
        },
        { key: 'when', title: 'Dihapus', render: (_v, item) => formatDateTimeIn(item.removed_at, zone) },
        { key: 'who', title: 'Oleh', render: (_v, item) => item.removed_by?.name ?? '-' },
        { key: 'why', title: 'Alasan', render: (_v, item) => item.removed_reason },
      ]}
    />
  );
}

/** The add form's one field, with the contract's message. */
const AddItemSchema = v.pick(StudentBillingItemCreateSchema, ['student_fee_component_id']);

/**
 * Adds a component to the unconfirmed bill: the components of the student's classes in the bill's department
 * not charged to the student yet (`student-fee-component-all?available_only=1`), price from the component,
 * qty 1.
 */
function AddItem({
  bill,
  onChange,
}: {
  bill: StudentBillingDetail;
  onChange: (bill: StudentBillingDetail) => void;
}) {
  const { availableComponents, addItem } = useBillWrites();
  const [options, setOptions] = useState<StudentFeeComponent[] | null>(null);
  const { control, handleSubmit, formState, reset } = useValibotForm(AddItemSchema, {
    defaultValues: { student_fee_component_id: undefined },
  });
  const itemCount = bill.student_billing_items.length;

  // Loaded again after every change of the bill's items (an added one is no longer available).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `itemCount` marks a change of the items
  useEffect(() => {
    const controller = new AbortController();
    setOptions(null);
    availableComponents(bill, controller.signal)
      .then(setOptions)
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error');
        setOptions([]);
      });
    return () => controller.abort();
  }, [availableComponents, bill.student_id, bill.department_id, itemCount]);

  const add = handleSubmit(async ({ student_fee_component_id }) => {
    try {
      // Other modules' payload; the server reads the bill, the component, price and qty, and computes the rest.
      const answer = await addItem(bill, student_fee_component_id);
      notifySuccess('Berhasil Menambahkan Komponen', CENTERED);
      reset({ student_fee_component_id: undefined });
      onChange(answer.data);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });

  return (
    <div style={{ marginTop: 16 }}>
      <HookForm onSubmit={add} aria-label="Tambah komponen ke billing">
        <Flex gap={8} align="flex-end" wrap>
          <div style={{ minWidth: 320, flex: 1 }}>
            <FormField control={control} name="student_fee_component_id" label="Tambah Komponen">
              {(field) => (
                <Select<number>
                  {...field}
                  value={field.value ?? undefined}
                  loading={options === null}
                  placeholder={options === null ? 'Memuat…' : 'Pilih Komponen'}
                  notFoundContent="Tidak ada komponen yang dapat ditambahkan"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(options ?? []).map((c) => ({
                    value: c.id,
                    label: `${c.name} (${formatMonth(c.mm)}) - ${formatIDR(c.price)}`,
                  }))}
                />
              )}
            </FormField>
          </div>
          <Button
            htmlType="submit"
            icon={<PlusIcon />}
            loading={formState.isSubmitting}
            style={{ marginBottom: 24 }}
          >
            Tambah
          </Button>
        </Flex>
      </HookForm>
      <Link to={FEE_COMPONENT_ADD_PATH}>Tidak menemukan Komponen? Buat disini</Link>
    </div>
  );
}
