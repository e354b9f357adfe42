import {
  ALL,
  apiErrorText,
  type BillReminderRecord,
  type BillReminderStudent,
  type CascadeField,
  CascadeFilterBar,
  chosenParams,
  FilterSelect,
  formatDateTimeIn,
  formatMonth,
  formatRupiah,
  MAX_REMINDER_LETTERS,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  PLACEMENT_FIELDS,
  REMINDER_CHANNEL_LABELS,
  REMINDER_MESSAGES,
  REMINDERS_PAGE_SIZE,
  REMINDERS_TITLE,
  reminderMessage,
  selectTimeZone,
  useCascadeFilter,
  useSession,
} from '@keuangan/shared';
import { Button, Card, Col, Flex, Form, InputNumber, type TableColumnsType, Typography } from 'antd';
import { useId, useState } from 'react';
import { CENTERED } from '../constants';
import { OverdueTag } from '../list/billColumns';
import { OVERDUE_OPTIONS } from '../list/OverdueFilter';
import {
  fetchAllOverdue,
  type LettersQuery,
  type OverdueQuery,
  openLetters,
  recordReminders,
  useOverdueStudents,
} from './api';
import { DeliveryTag } from './DeliveryTag';
import { useGatewaySend } from './GatewaySend';
import { MessageModal } from './MessageModal';
import { remindersCsv, saveText } from './reminderCsv';
import { WhatsAppLink } from './WhatsAppLink';

const FIELDS = PLACEMENT_FIELDS;
const ALL_FIELDS: readonly CascadeField[] = ['yos_periode_id', 'level_id', 'class_id'];
const REQUIRED: readonly CascadeField[] = ['department_id', 'year_of_study_id'];

/** "Sembunyikan yang diingatkan": none, or those reminded in the last 3, 7, 14 or 30 days. */
const HIDE_OPTIONS = [
  { value: ALL, label: 'Tampilkan semua' },
  ...[3, 7, 14, 30].map((days) => ({ value: days, label: `Diingatkan dalam ${days} hari terakhir` })),
];

type ReminderExtra = {
  overdue_min: number | string | undefined;
  amount_min: number | undefined;
  hide_days: number | string | undefined;
} & Record<string, string | number | undefined>;

const EXTRA: ReminderExtra = { overdue_min: ALL, amount_min: undefined, hide_days: ALL };

const overdueMinOf = (params: OverdueQuery) =>
  typeof params.overdue_min === 'number' ? params.overdue_min : undefined;

/**
 * Pengingat Tagihan (`/pengingat-tagihan`, docs/screens.md#pengingat-tagihan): students with overdue bills of the
 * filter, each with a WhatsApp link whose message names the student, the months and the total (editable first),
 * when they were last reminded, and a CSV of numbers and messages. Opening a link or downloading the CSV records
 * the reminders (docs/money.md#reminders); with a gateway configured, "Kirim via Gateway" has the server send them.
 */
export function RemindersPage() {
  const school = useSession((s) => s.user?.active_branch.name);
  const zone = useSession(selectTimeZone);
  const filter = useCascadeFilter<ReminderExtra>({
    storageKey: 'pengingat-tagihan',
    fields: FIELDS,
    allFields: ALL_FIELDS,
    required: REQUIRED,
    defaultFirst: REQUIRED,
    showDefaults: true,
    extra: EXTRA,
  });
  const params = filter.applied ? chosenParams(filter.applied) : null;
  const list = useOverdueStudents(params ?? {}, {
    pageSize: REMINDERS_PAGE_SIZE,
    enabled: params !== null,
    errorToast: CENTERED,
  });
  /** Reminders recorded here since the list loaded, by student: "Terakhir diingatkan" without a reload. */
  const [recorded, setRecorded] = useState<Record<number, BillReminderRecord>>({});
  /** Messages edited in the dialog, by student: the row's link sends the edited text. */
  const [edited, setEdited] = useState<Record<number, string>>({});
  const [editing, setEditing] = useState<BillReminderStudent | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState(false);
  const amountId = useId();

  const defaultMessage = (row: BillReminderStudent) =>
    reminderMessage({
      student_name: row.name,
      class_name: row.class_name,
      months: row.months,
      total: row.total,
      school_name: school,
    });
  const messageOf = (row: BillReminderStudent) => edited[row.student_id] ?? defaultMessage(row);

  const remember = (records: BillReminderRecord[]) =>
    setRecorded((current) => ({ ...current, ...Object.fromEntries(records.map((r) => [r.student_id, r])) }));
  const gateway = useGatewaySend(params, overdueMinOf(params ?? {}), remember);

  const recordWhatsApp = (row: BillReminderStudent) => {
    recordReminders('whatsapp', [row.student_id], overdueMinOf(params ?? {}))
      .then((answer) => remember(answer.reminders))
      .catch((error: unknown) => notifyError(apiErrorText(error), 'Error'));
  };

  const downloadCsv = async () => {
    if (!params) return;
    setDownloading(true);
    try {
      const rows = await fetchAllOverdue(params);
      if (rows.length === 0) {
        notifyError(REMINDER_MESSAGES.empty, 'Error');
      } else {
        const answer = await recordReminders(
          'csv',
          rows.map((r) => r.student_id),
          overdueMinOf(params),
        );
        remember(answer.reminders);
        saveText(remindersCsv(rows, messageOf), 'pengingat-tagihan.csv');
        notifySuccess(`${rows.length} pengingat diunduh`);
      }
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  /** Surat Tagihan of these students (one, or the filter's), then recorded as letters. */
  const printLetters = async (
    letterParams: LettersQuery,
    studentIds: () => Promise<number[]>,
    fileName: string,
  ) => {
    try {
      await openLetters(letterParams, fileName);
      const ids = await studentIds();
      if (ids.length > 0)
        remember((await recordReminders('letter', ids, overdueMinOf(params ?? {}))).reminders);
    } catch (error) {
      notifyError(`Surat Tagihan tidak dapat dibuat.\n${apiErrorText(error)}`, 'Error');
    }
  };
  const printClassLetters = async () => {
    if (!params) return;
    setPrinting(true);
    await printLetters(
      params,
      async () => (await fetchAllOverdue(params)).slice(0, MAX_REMINDER_LETTERS).map((r) => r.student_id),
      'surat-tagihan-kelas.pdf',
    );
    setPrinting(false);
  };

  const columns: TableColumnsType<BillReminderStudent> = [
    { key: 'nis', title: 'NIS', dataIndex: 'nis' },
    { key: 'name', title: 'Nama Siswa', dataIndex: 'name' },
    { key: 'class', title: 'Kelas', dataIndex: 'class_name' },
    {
      key: 'parent',
      title: 'Orang Tua / No. WhatsApp',
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <span>{row.parent_name ?? '-'}</span>
          {row.phone ? (
            <span>{row.phone}</span>
          ) : (
            <Typography.Text type="danger">
              {row.phone_raw ? `${row.phone_raw} (nomor tidak valid)` : 'Nomor tidak ada'}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'months',
      title: 'Bulan',
      render: (_v, row) => row.months.map((mm) => formatMonth(mm)).join(', '),
    },
    {
      key: 'total',
      title: 'Total Terlambat',
      align: 'right',
      render: (_v, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(row.total)}</span>,
    },
    { key: 'overdue', title: 'Terlambat', render: (_v, row) => <OverdueTag days={row.overdue_days} /> },
    {
      key: 'last',
      title: 'Terakhir diingatkan',
      render: (_v, row) => {
        const last = recorded[row.student_id] ?? row.last_reminder;
        return last ? (
          <Flex vertical gap={2} data-testid="last-reminder">
            <span>{formatDateTimeIn(last.sent_at, zone)}</span>
            <Typography.Text type="secondary">
              {REMINDER_CHANNEL_LABELS[last.channel]} oleh {last.sent_by}
            </Typography.Text>
            <DeliveryTag delivery={last.delivery} />
          </Flex>
        ) : (
          <Typography.Text type="secondary" data-testid="last-reminder">
            Belum pernah
          </Typography.Text>
        );
      },
    },
    {
      key: 'actions',
      title: 'Aksi',
      render: (_v, row) => (
        <Flex vertical gap={4} align="flex-start">
          <WhatsAppLink
            phone={row.phone}
            message={messageOf(row)}
            studentName={row.name}
            onOpen={() => recordWhatsApp(row)}
          />
          {gateway.configured && row.phone ? (
            <Button
              size="small"
              onClick={() => gateway.sendRow(row)}
              aria-label={`Kirim via Gateway ke orang tua ${row.name}`}
            >
              Kirim via Gateway
            </Button>
          ) : null}
          <Button size="small" onClick={() => setEditing(row)} aria-label={`Ubah pesan untuk ${row.name}`}>
            Ubah Pesan
          </Button>
          <Button
            size="small"
            aria-label={`Surat Tagihan ${row.name} (PDF)`}
            onClick={() =>
              printLetters(
                {
                  student_id: row.student_id,
                  ...(params?.overdue_min ? { overdue_min: params.overdue_min } : {}),
                },
                async () => [row.student_id],
                `surat-tagihan-${row.nis}.pdf`,
              )
            }
          >
            Surat Tagihan
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={REMINDERS_TITLE} />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          extra={
            <>
              <FilterSelect<number | string>
                label="Keterlambatan"
                value={filter.values.overdue_min}
                options={OVERDUE_OPTIONS}
                onChange={(value) => filter.set('overdue_min', value)}
              />
              <Col xs={24} sm={12} lg={8} xl={4}>
                <Form.Item label="Minimal Tagihan (Rp)" htmlFor={amountId} style={{ marginBottom: 12 }}>
                  <InputNumber<number>
                    id={amountId}
                    min={0}
                    step={50_000}
                    precision={0}
                    value={filter.values.amount_min ?? null}
                    onChange={(value) => filter.set('amount_min', value ?? undefined)}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <FilterSelect<number | string>
                label="Sembunyikan yang sudah diingatkan"
                value={filter.values.hide_days}
                options={HIDE_OPTIONS}
                onChange={(value) => filter.set('hide_days', value)}
              />
            </>
          }
          actions={
            <>
              <Button
                type="primary"
                disabled={!filter.complete}
                onClick={() => {
                  filter.apply();
                  list.reload();
                }}
              >
                Tampilkan
              </Button>
              <Button disabled={params === null} loading={downloading} onClick={downloadCsv}>
                Unduh CSV
              </Button>
              <Button disabled={params === null} loading={printing} onClick={printClassLetters}>
                Surat Tagihan (PDF)
              </Button>
              {gateway.configured ? (
                <Button disabled={params === null} loading={gateway.collecting} onClick={gateway.sendFilter}>
                  Kirim via Gateway
                </Button>
              ) : null}
            </>
          }
        />
      </Card>
      <Card>
        <PagedTable<BillReminderStudent>
          aria-label={REMINDERS_TITLE}
          columns={columns}
          rowKey="student_id"
          emptyText={REMINDER_MESSAGES.empty}
          {...list.tableProps}
        />
      </Card>
      {gateway.dialog}
      {editing ? (
        <MessageModal
          row={editing}
          initialMessage={messageOf(editing)}
          onClose={() => setEditing(null)}
          onSent={recordWhatsApp}
          onChange={(text) => setEdited((current) => ({ ...current, [editing.student_id]: text }))}
        />
      ) : null}
    </>
  );
}
