import {
  apiErrorText,
  type CashClosing,
  type CashDayPayment,
  type CashDayRecap,
  type CashDayVoid,
  ConfirmDialog,
  DAY_PAGE_SIZE,
  DayPicker,
  formatIDR,
  isCashManager,
  labelOf,
  notifyError,
  notifySuccess,
  ONLINE_CASHIER_NAME,
  PAYMENT_TYPES,
  PagedTable,
  PageHeader,
  PrintIcon,
  StatusTag,
  selectTimeZone,
  sessionStore,
  timeZoneLabel,
  useLoad,
  useLocalPages,
  useSession,
} from '@keuangan/shared';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Select,
  Skeleton,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { CENTERED } from '../constants';
import { useDocuments } from '../documents';
import { useToday } from '../today';
import { fetchCashDay, reopenCashDay } from './api';
import { CloseForm } from './CloseForm';
import { ClosingCount } from './ClosingCount';
import { DepositCard } from './DepositCard';

const TITLE = 'Rekap Kas Harian';
const ALL_CASHIERS = 0;

/** Times are the branch's (its time zone), like its days. */
const branchZone = () => selectTimeZone(sessionStore.getState());
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit', timeZone: branchZone() });
const ptypeLabel = (ptype: number) => labelOf(PAYMENT_TYPES, ptype);

const paymentColumns: TableColumnsType<CashDayPayment> = [
  { key: 'time', title: 'Jam', render: (_v, p) => time(p.created_at) },
  { key: 'number', title: 'No. Kuitansi', dataIndex: 'payment_number' },
  { key: 'name', title: 'Siswa / Calon Siswa', dataIndex: 'name' },
  { key: 'bill', title: 'No. Billing', dataIndex: 'bill_number' },
  { key: 'ptype', title: 'Jenis Pembayaran', render: (_v, p) => ptypeLabel(p.ptype) },
  { key: 'cashier', title: 'Kasir', render: (_v, p) => p.cashier.name },
  { key: 'amount', title: 'Jumlah', align: 'right', render: (_v, p) => formatIDR(p.amount) },
];

/** Online payments have no cashier: the charge's creator is not who took the money. */
const onlineColumns = paymentColumns.filter((c) => c.key !== 'cashier');

const voidColumns: TableColumnsType<CashDayVoid> = [
  { key: 'time', title: 'Dibatalkan', render: (_v, p) => time(p.voided_at) },
  { key: 'number', title: 'No. Kuitansi', dataIndex: 'payment_number' },
  { key: 'name', title: 'Siswa / Calon Siswa', dataIndex: 'name' },
  { key: 'by', title: 'Oleh', render: (_v, p) => p.voided_by ?? '-' },
  { key: 'reason', title: 'Alasan', render: (_v, p) => p.void_reason ?? '-' },
  { key: 'amount', title: 'Jumlah', align: 'right', render: (_v, p) => formatIDR(p.amount) },
];

/**
 * Rekap Kas Harian (issue 21; api/ROUTES.md "Daily closing"): for a day and a cashier (or all), the payments
 * recorded, the totals per payment type and per cashier, the online payments and the voids of the day apart. "Tutup Kas" freezes
 * a cashier's day under a number; a manager may reopen it with a reason. The recap loads as the filter changes.
 */
export function CashDayPage() {
  const user = useSession((s) => s.user);
  const manager = isCashManager(user?.roles.map((r) => r.slug) ?? []);
  const zone = useSession(selectTimeZone);
  const today = useToday();
  const [date, setDate] = useState(today);
  const [cashierId, setCashierId] = useState<number>(user?.id ?? ALL_CASHIERS);
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchCashDay({ date, ...(cashierId === ALL_CASHIERS ? {} : { cashier_id: cashierId }) }, signal),
    [date, cashierId],
  );
  const recap = useLoad(load);

  const cashierOptions = [
    { value: ALL_CASHIERS, label: 'Semua' },
    ...(recap.state === 'done' ? recap.value.cashiers : []).map((c) => ({ value: c.id, label: c.name })),
  ];
  if (user && !cashierOptions.some((o) => o.value === user.id))
    cashierOptions.push({ value: user.id, label: user.name });

  return (
    <>
      <PageHeader title={TITLE} />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label="Tanggal" htmlFor="cash-day-date">
            <Flex align="center" gap={8}>
              <DayPicker id="cash-day-date" value={date} onChange={setDate} />
              <Typography.Text type="secondary" data-testid="cash-day-zone" title="Zona waktu cabang">
                {timeZoneLabel(zone)}
              </Typography.Text>
            </Flex>
          </Form.Item>
          <Form.Item label="Kasir" htmlFor="cash-day-cashier">
            <Select
              id="cash-day-cashier"
              style={{ minWidth: 200 }}
              value={cashierId}
              options={cashierOptions}
              onChange={setCashierId}
            />
          </Form.Item>
        </Form>
      </Card>
      {recap.state === 'loading' ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : recap.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="Rekap kas tidak dapat dimuat."
          action={<Button onClick={recap.retry}>Coba lagi</Button>}
        />
      ) : (
        <CashDay recap={recap.value} manager={manager} reload={recap.retry} />
      )}
    </>
  );
}

function CashDay({ recap, manager, reload }: { recap: CashDayRecap; manager: boolean; reload(): void }) {
  const payments = useLocalPages(recap.payments, DAY_PAGE_SIZE);
  const voids = useLocalPages(recap.voids, DAY_PAGE_SIZE);
  const cashier = recap.cashiers.find((c) => c.id === recap.cashier_id);
  const standing = recap.closings.find((c) => c.reopened_at === null);
  return (
    <>
      <Card title="Tutup Kas" style={{ marginBottom: 16 }}>
        {recap.cashier_id === null ? (
          <Alert type="info" showIcon title="Pilih satu kasir untuk menutup kasnya." />
        ) : standing ? (
          <ClosedDay closing={standing} manager={manager} reload={reload} />
        ) : (
          <CloseForm recap={recap} name={cashier?.name ?? 'kasir ini'} reload={reload} />
        )}
        {recap.closings
          .filter((c) => c.reopened_at !== null)
          .map((c) => (
            <Alert
              key={c.id}
              style={{ marginTop: 12 }}
              type="warning"
              title={`${c.closing_number} dibuka kembali oleh ${c.reopened_by ?? '-'}: ${c.reopen_reason ?? ''}`}
            />
          ))}
      </Card>
      <Card title="Total" style={{ marginBottom: 16 }}>
        <Descriptions bordered size="small" column={1}>
          {recap.by_ptype.map((t) => (
            <Descriptions.Item key={t.ptype} label={`${ptypeLabel(t.ptype)} (${t.count})`}>
              {formatIDR(t.amount)}
            </Descriptions.Item>
          ))}
          {recap.by_cashier.length > 1
            ? recap.by_cashier.map((t) => (
                <Descriptions.Item key={`k${t.cashier.id}`} label={`Kasir ${t.cashier.name} (${t.count})`}>
                  {formatIDR(t.amount)}
                </Descriptions.Item>
              ))
            : null}
          <Descriptions.Item label={`Total Kas (${recap.total.count} transaksi)`}>
            <strong data-testid="cash-day-total">{formatIDR(recap.total.amount)}</strong>
          </Descriptions.Item>
          {recap.online.total.count > 0 ? (
            <Descriptions.Item label={`Total Kas + Pembayaran Online (${recap.grand_total.count} transaksi)`}>
              <span data-testid="cash-day-grand-total">{formatIDR(recap.grand_total.amount)}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <OnlineCard online={recap.online} />
      <Card title="Pembayaran" style={{ marginBottom: 16 }}>
        <PagedTable
          columns={paymentColumns}
          rowKey={(p) => `${p.kind}-${p.id}`}
          aria-label="Pembayaran hari ini"
          {...payments}
        />
      </Card>
      <Card title="Pembatalan Hari Ini">
        <PagedTable
          columns={voidColumns}
          rowKey={(p) => `${p.kind}-${p.id}`}
          aria-label="Pembatalan hari ini"
          {...voids}
        />
      </Card>
    </>
  );
}

/** The day's gateway money, apart: it never passed a cashier's drawer (docs/money.md "Cash closing"). */
function OnlineCard({ online }: { online: CashDayRecap['online'] }) {
  const payments = useLocalPages(online.payments, DAY_PAGE_SIZE);
  return (
    <Card title={ONLINE_CASHIER_NAME} style={{ marginBottom: 16 }} data-testid="cash-day-online">
      <Typography.Paragraph type="secondary">
        Diterima melalui payment gateway: tidak termasuk kas kasir mana pun dan tidak ikut Tutup Kas.
      </Typography.Paragraph>
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 12 }}>
        {online.by_ptype.map((t) => (
          <Descriptions.Item key={t.ptype} label={`${ptypeLabel(t.ptype)} (${t.count})`}>
            {formatIDR(t.amount)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={`Total ${ONLINE_CASHIER_NAME} (${online.total.count} transaksi)`}>
          <strong data-testid="cash-day-online-total">{formatIDR(online.total.amount)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <PagedTable
        columns={onlineColumns}
        rowKey={(p) => `${p.kind}-${p.id}`}
        aria-label="Pembayaran online hari ini"
        {...payments}
      />
    </Card>
  );
}

function ClosedDay({ closing, manager, reload }: { closing: CashClosing; manager: boolean; reload(): void }) {
  const { openClosingPdf } = useDocuments();
  const [open, setOpen] = useState(false);
  const reopen = async (reason: string) => {
    try {
      await reopenCashDay(closing.id, reason);
      notifySuccess('Kas dibuka kembali', CENTERED);
      reload();
      setOpen(false);
    } catch (error) {
      // A missing reason keeps the dialog open with the server's message.
      notifyError(apiErrorText(error), 'Error');
    }
  };
  return (
    <Flex vertical gap={12}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="Status">
          <StatusTag color="green">Ditutup</StatusTag> {closing.closing_number}
        </Descriptions.Item>
        <Descriptions.Item label="Ditutup oleh">
          {closing.closed_by},{' '}
          {new Date(closing.closed_at).toLocaleString('id-ID', { timeZone: branchZone() })}
        </Descriptions.Item>
        <Descriptions.Item label={`Total dibekukan (${closing.figures.total.count} transaksi)`}>
          <strong data-testid="cash-closing-total">{formatIDR(closing.figures.total.amount)}</strong>
        </Descriptions.Item>
      </Descriptions>
      {closing.cash_count ? <ClosingCount count={closing.cash_count} /> : null}
      <Flex gap={8}>
        <Button icon={<PrintIcon />} onClick={() => openClosingPdf(closing.id, closing.closing_number)}>
          Cetak Rekap
        </Button>
        {manager ? (
          <Button danger onClick={() => setOpen(true)}>
            Buka Kembali
          </Button>
        ) : null}
      </Flex>
      <DepositCard closing={closing} reload={reload} />
      <ConfirmDialog
        open={open}
        mode="cash-reopen"
        name={closing.closing_number}
        reasonLabel="Alasan membuka kembali"
        onConfirm={reopen}
        onCancel={() => setOpen(false)}
      />
    </Flex>
  );
}
