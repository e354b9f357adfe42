import {
  apiErrorText,
  ConfirmDialog,
  DISCOUNT_RULES_PAGE_SIZE,
  type DiscountRule,
  formatRupiah,
  ListSearch,
  notifyError,
  notifySuccess,
  PagedTable,
  PlusIcon,
  StatusTag,
  studentCategoryLabel,
} from '@keuangan/shared';
import { Alert, Button, Flex, Select, Space } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApplyRuleDialog } from './ApplyRuleDialog';
import { useDiscountRules, voidDiscountRule } from './api';
import { ADD_PATH, type CreatedRuleState, LIST_PATH, rulePeriodText, ruleValueText } from './constants';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Aktif' },
  { value: 'void', label: 'Dibatalkan' },
  { value: 'all', label: 'Semua' },
];

/** Who a rule is for: its category, or the chosen students' names. */
const targetText = (rule: DiscountRule) =>
  rule.target === 'category'
    ? `Kategori: ${studentCategoryLabel(rule.category ?? '')}`
    : rule.students.map((s) => s.name).join(', ');

/**
 * The rules of the branch (docs/screens.md#aturan-potongan): Tambah Aturan, and per standing rule Terapkan (to the
 * unpaid items, after a preview) and Batalkan (with a reason). A rule just created is offered for applying.
 */
export function RulesTab() {
  const navigate = useNavigate();
  const location = useLocation();
  const created = (location.state as CreatedRuleState | null)?.created ?? null;
  const [status, setStatus] = useState('active');
  const [q, setQ] = useState('');
  const query = useDiscountRules({ status, q }, { pageSize: DISCOUNT_RULES_PAGE_SIZE });
  const [applying, setApplying] = useState<DiscountRule | null>(null);
  const [voiding, setVoiding] = useState<DiscountRule | null>(null);

  const dismissOffer = () => navigate(LIST_PATH, { replace: true, state: null });

  const voidRule = async (reason: string) => {
    if (!voiding) return;
    try {
      const answer = await voidDiscountRule(voiding.id, reason);
      notifySuccess(answer.message);
      setVoiding(null);
      query.reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  const columns = [
    { key: 'name', dataIndex: 'name', title: 'Nama' },
    { key: 'value', title: 'Potongan', render: (_: unknown, r: DiscountRule) => ruleValueText(r) },
    {
      key: 'fee_types',
      title: 'Jenis Biaya',
      render: (_: unknown, r: DiscountRule) => r.fee_types.map((t) => t.name).join(', '),
    },
    { key: 'target', title: 'Sasaran', render: (_: unknown, r: DiscountRule) => targetText(r) },
    { key: 'period', title: 'Periode', render: (_: unknown, r: DiscountRule) => rulePeriodText(r) },
    { key: 'reason', dataIndex: 'reason', title: 'Alasan' },
    {
      key: 'given',
      title: 'Diberikan',
      align: 'right' as const,
      render: (_: unknown, r: DiscountRule) => `${r.items} item, ${formatRupiah(r.total)}`,
    },
    {
      key: 'actions',
      title: 'Aksi',
      render: (_: unknown, r: DiscountRule) =>
        r.voided_at ? (
          <span>
            <StatusTag color="red">Dibatalkan</StatusTag> {r.voided_by}: {r.void_reason}
          </span>
        ) : (
          <Space>
            <Button size="small" onClick={() => setApplying(r)} aria-label={`Terapkan ${r.name}`}>
              Terapkan
            </Button>
            <Button size="small" danger onClick={() => setVoiding(r)} aria-label={`Batalkan ${r.name}`}>
              Batalkan
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      {created ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Aturan ${created.name} tersimpan. Aturan berlaku untuk tagihan yang dibebankan berikutnya.`}
          action={
            <Button type="primary" onClick={() => setApplying(created)}>
              Terapkan ke tagihan yang belum dibayar
            </Button>
          }
          closable={{ onClose: dismissOffer, 'aria-label': 'Tutup' }}
        />
      ) : null}
      <Flex gap={12} wrap align="end" justify="space-between">
        <Flex gap={12} wrap align="end">
          <Select
            aria-label="Status"
            value={status}
            onChange={setStatus}
            options={STATUS_OPTIONS}
            style={{ width: 160, marginTop: 12 }}
          />
          <ListSearch label="Cari Aturan" placeholder="Cari nama aturan" onSearch={setQ} />
        </Flex>
        <Button type="primary" icon={<PlusIcon />} onClick={() => navigate(ADD_PATH)}>
          Tambah Aturan
        </Button>
      </Flex>
      <div style={{ marginTop: 16 }}>
        <PagedTable<DiscountRule>
          aria-label="Daftar Aturan Potongan"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </div>
      <ApplyRuleDialog
        rule={applying}
        onClose={() => setApplying(null)}
        onApplied={() => {
          query.reload();
          if (created) dismissOffer();
        }}
      />
      <ConfirmDialog
        open={voiding !== null}
        mode="discount-void"
        name={voiding?.name ?? ''}
        reasonLabel="Alasan pembatalan"
        onConfirm={voidRule}
        onCancel={() => setVoiding(null)}
      />
    </>
  );
}
