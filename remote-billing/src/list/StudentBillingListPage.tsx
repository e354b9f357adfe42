import {
  ALL,
  apiErrorText,
  BILL_TYPE_EXTRA,
  type BILL_TYPE_MAIN,
  BILLING_PAGE_SIZE,
  type CascadeField,
  CascadeFilterBar,
  ConfirmDialog,
  DeleteIcon,
  EyeIcon,
  FORM_STATUS_UNCONFIRMED,
  formatMonth,
  HistoryIcon,
  notifyError,
  notifySuccess,
  notifyWarning,
  PagedTable,
  PageHeader,
  PlusIcon,
  PrintIcon,
  type StudentBilling,
  type StudentBillingListResponse,
  useCascadeFilter,
} from '@keuangan/shared';
import { Button, Card, Col, Flex, Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BILLING_FILTER_STORAGE_KEY, billPath, CENTERED, historyPath, LIST_TITLE } from '../constants';
import { useDocuments } from '../documents';
import { type ConfirmTarget, confirmBills, deleteBill, useBillingList } from './api';
import { BillingResume } from './BillingResume';
import { billTotalsAndStatusColumns } from './billColumns';
import { type BillOrder, billOrderQuery, OverdueFilter } from './OverdueFilter';
import { PaymentStatusFilter } from './PaymentStatusFilter';

/** docs/screens.md#billing-list: Periode KBM, Tingkat, Kelas and Bulan offer 'Semua'; a reset goes back to it. */
const ALL_FIELDS: readonly CascadeField[] = ['yos_periode_id', 'level_id', 'class_id', 'mm'];
/** docs/data.md#filter-cascade: department and year of study start at their first option. */
const FIRST_FIELDS: readonly CascadeField[] = ['department_id', 'year_of_study_id'];
/** Status Pembayaran, Tipe Billing and Keterlambatan, 'Semua' by default (docs/data.md); Urutkan by number. */
const EXTRA = {
  payment_status: ALL as number | typeof ALL,
  type: ALL as typeof BILL_TYPE_MAIN | typeof BILL_TYPE_EXTRA | typeof ALL,
  overdue_min: ALL as number | typeof ALL,
  order: 'id' as BillOrder,
};

const TYPE_OPTIONS = [
  { value: ALL, label: 'Semua' },
  { value: 1, label: 'Utama' },
  { value: 2, label: 'Extra' },
];

/** A row's second line: smaller and tighter, so a row is at most three short lines. */
const DETAIL_LINE = { fontSize: 12, lineHeight: 1.25 } as const;

/**
 * Billing Siswa (docs/screens.md): the eight filters, Tampilkan, Konfirmasi Billing for every bill the filter
 * matches, a search, the five totals over the whole filter (the server's `resume`), and the bills, 50 a page.
 */
export function StudentBillingListPage() {
  const navigate = useNavigate();
  const { openAllBillsPdf } = useDocuments();
  const filter = useCascadeFilter({
    storageKey: BILLING_FILTER_STORAGE_KEY,
    allFields: ALL_FIELDS,
    defaultFirst: FIRST_FIELDS,
    extra: EXTRA,
  });
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const { order = 'id', ...applied } = filter.applied ?? {};
  const query = useBillingList(
    { ...applied, q, ...billOrderQuery(order), with_resume: true },
    { pageSize: BILLING_PAGE_SIZE, enabled: filter.applied !== null, errorToast: CENTERED },
  );
  const resume = (query.data as StudentBillingListResponse | null)?.resume;
  const [confirmCount, setConfirmCount] = useState<number | null>(null);
  const [counting, setCounting] = useState(false);
  const [deleting, setDeleting] = useState<StudentBilling | null>(null);
  const typeId = useId();

  // A late bill is always confirmed: with Keterlambatan chosen the list has nothing to confirm.
  const lateOnly = filter.applied !== null && filter.applied.overdue_min !== ALL;

  // Tampilkan brings the totals and the bills to the top of the screen: below two rows of filters a 1366 × 768
  // screen showed about one bill (docs/screens.md, "Billing list").
  // Once the answer is in: before it, the page is too short to scroll that far.
  const results = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);
  useEffect(() => {
    if (!scrollPending.current || query.loading || !query.data) return;
    scrollPending.current = false;
    results.current?.scrollIntoView({ block: 'start' });
  }, [query.loading, query.data]);
  const show = () => {
    filter.apply();
    query.reload();
    scrollPending.current = true;
  };

  // The unconfirmed bills ticked on this page; a new answer (another page, filter or search) starts afresh.
  const [ticked, setTicked] = useState<number[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer, not a new render, clears the ticks
  useEffect(() => setTicked([]), [query.data]);

  /**
   * What Konfirmasi Billing acts on: what the list shows, never more. The ticked bills when any are ticked;
   * otherwise every unconfirmed bill of the filter as applied (Tampilkan) and the search as typed, on any page.
   * The payment status is not sent (api/ROUTES.md): an unconfirmed bill is never paid.
   */
  const confirmTarget = (): ConfirmTarget | null => {
    if (!filter.applied) return null;
    const { department_id, year_of_study_id, yos_periode_id, level_id, class_id, mm, type } = filter.applied;
    // The button waits for Tampilkan, and an applied filter has its department and year chosen.
    if (typeof department_id !== 'number' || typeof year_of_study_id !== 'number') return null;
    return {
      department_id,
      year_of_study_id,
      yos_periode_id,
      level_id,
      class_id,
      mm,
      type,
      ...(q ? { q } : {}),
      ...(ticked.length > 0 ? { ids: ticked } : {}),
    };
  };

  const askConfirmAll = async () => {
    const target = confirmTarget();
    if (!target) return;
    setCounting(true);
    try {
      const { confirmed } = await confirmBills({ ...target, dry_run: true });
      if (confirmed === 0) notifyWarning('Tidak ada billing yang belum dikonfirmasi pada filter ini.');
      else setConfirmCount(confirmed);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setCounting(false);
    }
  };

  const confirmAll = async () => {
    const target = confirmTarget();
    if (!target) return;
    try {
      const answer = await confirmBills(target);
      notifySuccess(`${answer.message}\n${answer.confirmed} billing dikonfirmasi`, CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setConfirmCount(null);
    show();
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteBill(deleting.id);
      notifySuccess('Data berhasil dihapus', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDeleting(null);
    query.reload();
  };

  // Two lines a cell and no pinned column: at 1366 x 768 every column reads without scrolling sideways and ten
  // rows fit the screen (docs/decisions.md#the-billing-list-fits-a-laptop).
  const columns: TableColumnsType<StudentBilling> = [
    {
      key: 'bill',
      title: 'No. Billing',
      render: (_v, bill) => (
        <Flex vertical>
          <strong>{bill.bill_number}</strong>
          <Typography.Text type="secondary" style={DETAIL_LINE}>
            {formatMonth(bill.mm)} · {bill.yos_periode.periode.name} {bill.year_of_study.name}
            {bill.type === BILL_TYPE_EXTRA ? ' · Extra' : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'student',
      title: 'Siswa',
      render: (_v, bill) => (
        <Flex vertical>
          <strong>{bill.student.name}</strong>
          <Typography.Text type="secondary" style={DETAIL_LINE}>
            NIS {bill.student.nis} · {bill.department.name} · Kelas {bill.class.name}
          </Typography.Text>
        </Flex>
      ),
    },
    ...billTotalsAndStatusColumns(),
    {
      key: 'actions',
      title: 'Aksi',
      render: (_v, bill) => (
        <Flex gap={6} align="center">
          <Link
            to={billPath(bill.id)}
            aria-label={`Detail ${bill.bill_number} ${bill.student.name}`}
            style={{ whiteSpace: 'nowrap' }}
          >
            <EyeIcon /> Detail
          </Link>
          {bill.type === BILL_TYPE_EXTRA && bill.form_status === FORM_STATUS_UNCONFIRMED ? (
            <Button
              danger
              size="small"
              type="text"
              icon={<DeleteIcon />}
              aria-label={`Hapus ${bill.bill_number} ${bill.student.name}`}
              title="Hapus"
              onClick={() => setDeleting(bill)}
            />
          ) : null}
          {bill.unsettled_bill_count > 0 ? (
            <>
              <Button
                size="small"
                type="text"
                icon={<PrintIcon />}
                aria-label={`Semua Tagihan ${bill.student.name} (PDF)`}
                title="Semua Tagihan (PDF)"
                onClick={() => openAllBillsPdf(bill.student.id, bill.department_id, bill.student.nis)}
              />
              <Link
                to={historyPath(bill.student.id, bill.department_id)}
                aria-label={`Riwayat Semua Pembayaran ${bill.student.name}`}
                title="Riwayat Semua Pembayaran"
              >
                <HistoryIcon />
              </Link>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={LIST_TITLE}
        extra={
          <Button
            type="primary"
            icon={<PlusIcon />}
            aria-label="Tambah Billing Tambahan Siswa"
            title="Tambah Billing Tambahan Siswa"
            onClick={() => navigate('add')}
          />
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          extra={
            <>
              <PaymentStatusFilter
                value={filter.values.payment_status}
                onChange={(value) => filter.set('payment_status', value)}
              />
              <Col xs={24} sm={12} lg={8} xl={4}>
                <Form.Item label="Tipe Billing" htmlFor={typeId} style={{ marginBottom: 12 }}>
                  <Select<number | string>
                    id={typeId}
                    value={filter.values.type}
                    options={TYPE_OPTIONS}
                    onChange={(value) => filter.set('type', value)}
                  />
                </Form.Item>
              </Col>
              <OverdueFilter
                overdue={filter.values.overdue_min}
                order={filter.values.order}
                onOverdue={(value) => filter.set('overdue_min', value)}
                onOrder={(value) => filter.set('order', value)}
              />
            </>
          }
          actions={
            <>
              <Button type="primary" disabled={!filter.complete} onClick={show}>
                Tampilkan
              </Button>
              {filter.complete ? (
                // Acts on what the list shows: available once it shows something.
                <Button
                  loading={counting}
                  disabled={filter.applied === null || lateOnly}
                  onClick={askConfirmAll}
                >
                  {ticked.length > 0
                    ? `Konfirmasi Billing Terpilih (${ticked.length})`
                    : 'Konfirmasi Billing'}
                </Button>
              ) : null}
            </>
          }
        />
      </Card>
      {filter.applied === null ? (
        <Card>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Pilih filter, lalu klik Tampilkan.
          </Typography.Paragraph>
        </Card>
      ) : (
        <div ref={results} style={{ scrollMarginTop: 8 }}>
          <BillingResume resume={resume} loading={query.loading} />
          <Card>
            <Flex justify="flex-end" style={{ marginBottom: 12 }}>
              <Input.Search
                aria-label="Cari nama siswa, NIS atau nomor billing"
                placeholder="Cari nama, NIS, no. billing"
                allowClear
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  if (event.target.value === '') setQ('');
                }}
                onSearch={(value) => setQ(value.trim())}
                style={{ maxWidth: 320 }}
              />
            </Flex>
            <PagedTable<StudentBilling>
              aria-label="Daftar Billing Siswa"
              numberTitle="No."
              columns={columns}
              rowKey="id"
              compact
              rowSelection={{
                selectedRowKeys: ticked,
                onChange: (keys) => setTicked(keys as number[]),
                getCheckboxProps: (bill) => ({
                  // Only an unconfirmed bill can be confirmed.
                  disabled: bill.form_status !== FORM_STATUS_UNCONFIRMED,
                  'aria-label': `Pilih ${bill.bill_number} ${bill.student.name}`,
                }),
              }}
              {...query.tableProps}
            />
          </Card>
        </div>
      )}
      <ConfirmDialog
        open={confirmCount !== null}
        mode="billing-confirm"
        message={
          <p>
            Apakah Anda yakin untuk mengkonfirmasi {confirmCount}{' '}
            {ticked.length > 0
              ? 'billing yang dipilih'
              : q
                ? `billing yang belum dikonfirmasi pada daftar yang ditampilkan (pencarian "${q}")`
                : 'billing yang belum dikonfirmasi sesuai filter yang ditampilkan'}
            ? Setelah dikonfirmasi, rincian biaya tidak dapat diubah dan billing dapat dibayar.
          </p>
        }
        onConfirm={confirmAll}
        onCancel={() => setConfirmCount(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        mode="delete"
        name={deleting ? `billing ${deleting.bill_number} (${deleting.student.name})` : ''}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
