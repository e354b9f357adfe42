import {
  ALL,
  AppliedFilterLine,
  apiErrorText,
  CascadeFilterBar,
  ConfirmDialog,
  DeleteIcon,
  EditIcon,
  type FeeComponentFilter,
  type FeeComponentXUpdate,
  FeeNameSchema,
  FeePriceSchema,
  formatDate,
  formatMonth,
  formatNumber,
  ftypeLongLabel,
  HIDDEN_IN_PRINT,
  InlineEdit,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  PlusIcon,
  PrintIcon,
  printPage,
  type StudentBillingBatchResponse,
  type StudentBillingChargeClass,
  type StudentFeeComponent,
  useCascadeFilter,
} from '@keuangan/shared';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  ChargeInstalmentChoice,
  type ChargeInstalmentDraft,
  chargeInstalmentOf,
} from '../instalment-plans/ChargeInstalmentChoice';
import {
  chargeClassMonth,
  copyFromPreviousMonth,
  deleteFeeComponents,
  generateFeeComponents,
  saveFeeComponentField,
  useFeeComponentList,
} from './api';
import { CENTERED, FEE_FILTER_STORAGE_KEY, LIST_TITLE } from './constants';

type Dialog = 'student-fee' | 'student-billing' | 'student-fee-copy' | 'delete-batch' | null;

const isLocked = (row: StudentFeeComponent) => row.student_billing_item !== null;

/**
 * Komponen Biaya Siswa (docs/screens.md): the six filters, generate and copy for the chosen class-month,
 * the components with name and price editable in place, and a batch delete. Components already charged
 * to a student can be neither edited, deleted nor selected.
 */
export function FeeComponentListPage() {
  // Kelas offers 'Semua' for charging the whole level; listing, generating and copying need one class.
  const filter = useCascadeFilter({ storageKey: FEE_FILTER_STORAGE_KEY, allOffered: ['class_id'] });
  const wholeLevel = filter.values.class_id === ALL;
  const oneClass = filter.complete && !wholeLevel;
  const listed = filter.applied !== null && filter.applied.class_id !== ALL;
  const query = useFeeComponentList(filter.applied ?? {}, {
    pageSize: 10,
    enabled: listed,
    errorToast: CENTERED,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Charging a whole class takes a moment: the dialog stays open with its spinner and says what runs.
  const [charging, setCharging] = useState(false);
  // The last charge's outcome per class (shown under the filter until the next charge).
  const [charged, setCharged] = useState<StudentBillingBatchResponse | null>(null);
  // Bebankan's optional Cicilan: one component split by a plan (instalment-plans/).
  const [instalment, setInstalment] = useState<ChargeInstalmentDraft>({});
  const navigate = useNavigate();

  // Only rows on the current page that may still be deleted stay selected.
  useEffect(() => {
    const selectable = new Set((query.data?.data ?? []).filter((r) => !isLocked(r)).map((r) => r.id));
    setSelected((current) => {
      const kept = current.filter((id) => selectable.has(id));
      return kept.length === current.length ? current : kept;
    });
  }, [query.data]);

  // The buttons are disabled until all six are set; the values are then a complete filter.
  const chosen = filter.values as FeeComponentFilter;

  const show = () => {
    filter.apply();
    query.reload();
  };

  const generate = async () => {
    try {
      const result = await generateFeeComponents(chosen);
      // The fixed success text first (docs/screens.md#fee-component-list); what happened below it.
      const detail =
        result.created > 0
          ? `${result.created} komponen dibuat`
          : result.skipped > 0
            ? 'Tidak ada komponen baru: semua komponen biaya tingkat ini sudah ada di kelas dan bulan ini.'
            : 'Tidak ada komponen baru: belum ada Biaya Otomatis Siswa untuk tingkat ini.';
      notifySuccess(`Berhasil Generate Komponen\n${detail}`, CENTERED);
      show();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDialog(null);
  };

  const chargeStudents = async () => {
    setCharging(true);
    try {
      const result = await chargeClassMonth(chosen, chargeInstalmentOf(instalment));
      setInstalment({});
      notifySuccess(`Berhasil Membebankan Komponen Pada Siswa\n${chargeOutcome(result)}`, CENTERED);
      setCharged(result);
      // The components are now locked: a listed class shows it.
      if (wholeLevel) query.reload();
      else show();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setCharging(false);
    }
    setDialog(null);
  };

  const copyPreviousMonth = async () => {
    try {
      const result = await copyFromPreviousMonth(chosen);
      const source = formatMonth(result.source_mm);
      const detail =
        result.copied > 0
          ? `${result.copied} komponen disalin dari ${source}`
          : result.skipped > 0
            ? `Tidak ada komponen yang disalin: semua komponen ${source} sudah ada di bulan ini.`
            : `Tidak ada komponen yang disalin: kelas ini tidak punya komponen pada ${source}.`;
      notifySuccess(`Berhasil Menyalin Komponen Bulan Sebelumnya\n${detail}`, CENTERED);
      show();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDialog(null);
  };

  // docs/screens.md#fee-component-list: after the batch delete, succeeded or not, the selection clears and the list reloads.
  const deleteSelected = async () => {
    try {
      await deleteFeeComponents(selected);
      notifySuccess('Item Yang Terpilih Berhasil Dihapus.', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setSelected([]);
    setDialog(null);
    query.reload();
  };

  const saveField = async (row: StudentFeeComponent, change: FeeComponentXUpdate) => {
    try {
      await saveFeeComponentField(row.id, change);
      notifySuccess('Data berhasil diubah.', CENTERED);
      query.reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      // The row may have changed meanwhile (charged to a student: then it shows locked).
      query.reload();
      throw error;
    }
  };

  const columns = [
    {
      key: 'name',
      title: 'Nama',
      render: (_: unknown, row: StudentFeeComponent) =>
        isLocked(row) ? (
          <Flex gap={8} align="center" wrap>
            {row.name}
            <Tag>Sudah dibebankan</Tag>
          </Flex>
        ) : (
          <InlineEdit
            label="Nama"
            rowName={row.name}
            value={row.name}
            display={row.name}
            kind="text"
            schema={FeeNameSchema}
            onSave={(value) => saveField(row, { field: 'name', value: String(value) })}
          />
        ),
    },
    {
      key: 'fee_type',
      title: 'Tipe Komponen',
      render: (_: unknown, row: StudentFeeComponent) => row.fee_type.name,
    },
    {
      key: 'ftype',
      title: 'Sifat',
      render: (_: unknown, row: StudentFeeComponent) => ftypeLongLabel(row.ftype),
    },
    {
      key: 'price',
      title: 'Biaya (Rp)',
      render: (_: unknown, row: StudentFeeComponent) =>
        isLocked(row) ? (
          formatNumber(row.price)
        ) : (
          <InlineEdit
            label="Biaya"
            rowName={row.name}
            value={row.price}
            display={formatNumber(row.price)}
            kind="money"
            schema={FeePriceSchema}
            onSave={(value) => saveField(row, { field: 'price', value: Number(value) })}
          />
        ),
    },
    {
      key: 'due',
      title: 'Jatuh Tempo',
      // Every month on its day, or one date (docs/screens.md).
      render: (_: unknown, row: StudentFeeComponent) =>
        row.due_date ? formatDate(row.due_date) : `Setiap tanggal ${row.due_day}`,
    },
    {
      key: 'actions',
      title: 'Aksi',
      // Always in view, also when the table scrolls sideways on a narrow screen.
      fixed: 'right' as const,
      width: 72,
      render: (_: unknown, row: StudentFeeComponent) => (
        <Link to={`edit/${row.id}`} aria-label={`Ubah ${row.name}`} title="Ubah">
          <EditIcon />
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={LIST_TITLE}
        extra={
          <>
            <Button
              type="primary"
              icon={<PlusIcon />}
              aria-label="Tambah Komponen Biaya Siswa"
              onClick={() => navigate('add')}
            />
            {/* Prints the list as shown (print styles hide the rest). */}
            <Button icon={<PrintIcon />} aria-label="Cetak daftar" title="Cetak daftar" onClick={printPage} />
          </>
        }
      />
      <Card style={{ marginBottom: 16 }} {...HIDDEN_IN_PRINT}>
        <CascadeFilterBar
          filter={filter}
          actions={
            <>
              <Button type="primary" disabled={!oneClass} onClick={show}>
                Tampilkan
              </Button>
              <Button disabled={!oneClass} onClick={() => setDialog('student-fee')}>
                Generate Komponen
              </Button>
              <Button disabled={!oneClass} onClick={() => setDialog('student-fee-copy')}>
                Copy Data Bulan Lalu
              </Button>
              <Button disabled={!filter.complete} onClick={() => setDialog('student-billing')}>
                Bebankan ke Siswa
              </Button>
            </>
          }
        />
        {wholeLevel ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Kelas Semua: Bebankan ke Siswa membebankan komponen bulan ini pada siswa semua kelas tingkat ini.
            Pilih satu kelas untuk menampilkan, generate atau menyalin komponen.
          </Typography.Paragraph>
        ) : null}
      </Card>
      {charged ? <ChargeOutcomeCard result={charged} onClose={() => setCharged(null)} /> : null}
      <Card>
        {/* On paper the filter bar is left off: the list says which class-month it is. */}
        {listed ? <AppliedFilterLine filter={filter} /> : null}
        {filter.applied === null || !listed ? (
          <Typography.Paragraph type="secondary">
            Pilih Departemen, Tahun Ajaran, Periode KBM, Tingkat, Kelas dan Bulan, lalu klik Tampilkan.
          </Typography.Paragraph>
        ) : null}
        {selected.length > 0 ? (
          <Button
            danger
            icon={<DeleteIcon />}
            onClick={() => setDialog('delete-batch')}
            style={{ marginBottom: 12 }}
          >
            Hapus Item Terpilih ({selected.length})
          </Button>
        ) : null}
        <PagedTable<StudentFeeComponent>
          aria-label="Daftar Komponen Biaya Siswa"
          numberTitle="#"
          columns={columns}
          rowKey="id"
          // Fits 1366 px: as wide as its content, Jatuh Tempo scrolled under the pinned Aksi column.
          compact
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (row) => ({
              disabled: isLocked(row),
              'aria-label': isLocked(row) ? `${row.name} sudah dibebankan ke siswa` : `Pilih ${row.name}`,
            }),
          }}
          {...query.tableProps}
        />
      </Card>
      <ConfirmDialog
        open={dialog === 'student-fee'}
        mode="student-fee"
        onConfirm={generate}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'student-billing'}
        mode="student-billing"
        message={
          charging ? (
            <p role="status">
              {wholeLevel
                ? 'Sedang membebankan komponen pada siswa semua kelas tingkat ini…'
                : 'Sedang membebankan komponen pada siswa kelas ini…'}
            </p>
          ) : (
            <>
              <p>
                {wholeLevel
                  ? 'Setiap siswa aktif semua kelas tingkat ini mendapat billing utama bulan ini'
                  : 'Setiap siswa aktif kelas ini mendapat billing utama bulan ini'}{' '}
                dengan semua komponen kelas dan bulan ini yang belum dibebankan. Komponen yang sudah
                dibebankan tidak dapat diubah lagi.
              </p>
              {listed && !wholeLevel ? (
                <ChargeInstalmentChoice
                  components={query.data?.data ?? []}
                  value={instalment}
                  onChange={setInstalment}
                />
              ) : null}
            </>
          )
        }
        onConfirm={chargeStudents}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'student-fee-copy'}
        mode="student-fee-copy"
        onConfirm={copyPreviousMonth}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete-batch'}
        mode="delete-batch"
        onConfirm={deleteSelected}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

const OUTCOME_COLUMNS = [
  { key: 'class_name', dataIndex: 'class_name', title: 'Kelas' },
  {
    key: 'students',
    title: 'Siswa Aktif',
    render: (_: unknown, row: StudentBillingChargeClass) =>
      row.components === 0 ? 'Belum ada komponen' : formatNumber(row.students),
  },
  { key: 'created', dataIndex: 'created', title: 'Billing Baru', render: formatNumber },
  { key: 'updated', dataIndex: 'updated', title: 'Ditambah Komponen', render: formatNumber },
  { key: 'skipped', dataIndex: 'skipped', title: 'Dilewati', render: formatNumber },
  { key: 'items_added', dataIndex: 'items_added', title: 'Rincian Dibebankan', render: formatNumber },
];

/** What the last charge did in each class (one row for a class, every class of the level for 'Semua'). */
function ChargeOutcomeCard({ result, onClose }: { result: StudentBillingBatchResponse; onClose(): void }) {
  return (
    <Card
      title="Hasil Membebankan Komponen Pada Siswa"
      extra={<Button onClick={onClose}>Tutup</Button>}
      style={{ marginBottom: 16 }}
      {...HIDDEN_IN_PRINT}
    >
      <Table<StudentBillingChargeClass>
        aria-label="Hasil per kelas"
        size="small"
        rowKey="class_id"
        columns={OUTCOME_COLUMNS}
        dataSource={result.classes}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          result.classes.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{formatNumber(result.students)}</Table.Summary.Cell>
              <Table.Summary.Cell index={2}>{formatNumber(result.created)}</Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{formatNumber(result.updated)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4}>{formatNumber(result.skipped)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5}>{formatNumber(result.items_added)}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

/** What charging did, in words, under the fixed success text. */
export function chargeOutcome(result: StudentBillingBatchResponse): string {
  if (result.students === 0) {
    return result.classes.length > 1
      ? 'Tidak ada billing baru: kelas-kelas tingkat ini tidak memiliki siswa aktif.'
      : 'Tidak ada billing baru: kelas ini tidak memiliki siswa aktif.';
  }
  if (result.created === 0 && result.updated === 0) {
    return `Tidak ada billing baru: ${result.skipped} siswa sudah dibebankan semua komponen bulan ini.`;
  }
  const lines = [`${result.created} billing baru dibuat`];
  if (result.updated > 0) lines.push(`${result.updated} billing belum dikonfirmasi ditambah komponen baru`);
  if (result.skipped > 0)
    lines.push(`${result.skipped} siswa dilewati (sudah lengkap atau sudah dikonfirmasi)`);
  lines.push(`${result.items_added} rincian biaya dibebankan kepada ${result.students} siswa aktif`);
  return lines.join('\n');
}
