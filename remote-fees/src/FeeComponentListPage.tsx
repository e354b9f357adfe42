import {
  apiDelete,
  apiErrorText,
  apiPost,
  CascadeFilterBar,
  ConfirmDialog,
  DeleteIcon,
  EditIcon,
  type FeeComponentCopyResponse,
  type FeeComponentFilter,
  type FeeComponentGenerateResponse,
  FeeNameSchema,
  FeePriceSchema,
  formatMonth,
  formatNumber,
  ftypeLongLabel,
  HIDDEN_IN_PRINT,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  PlusIcon,
  PrintIcon,
  printPage,
  type StudentFeeComponent,
  useCascadeFilter,
  usePagedQuery,
} from '@keuangan/shared';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CENTERED, FEE_FILTER_STORAGE_KEY, LIST_TITLE } from './constants';
import { InlineEdit } from './InlineEdit';

type Dialog = 'student-fee' | 'student-fee-copy' | 'delete-batch' | null;

const isLocked = (row: StudentFeeComponent) => row.student_billing_item !== null;

/**
 * Komponen Biaya Siswa (spec part 2 §2): the six filters, generate and copy for the chosen class-month,
 * the components with name and price editable in place, and a batch delete. Components already charged
 * to a student can be neither edited, deleted nor selected.
 */
export function FeeComponentListPage() {
  const filter = useCascadeFilter({ storageKey: FEE_FILTER_STORAGE_KEY });
  const query = usePagedQuery<StudentFeeComponent>('/api/student-fee-component', filter.applied ?? {}, {
    pageSize: 10,
    enabled: filter.applied !== null,
    errorToast: CENTERED,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
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
      const result = await apiPost<FeeComponentGenerateResponse>('/api/student-fee-component-batch', chosen);
      // The spec's text first, exactly; what happened below it.
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

  const copyPreviousMonth = async () => {
    try {
      const result = await apiPost<FeeComponentCopyResponse>(
        '/api/student-fee-component-copy-prev-month',
        chosen,
      );
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

  // Spec §4: after the batch delete, succeeded or not, the selection clears and the list reloads.
  const deleteSelected = async () => {
    try {
      await apiDelete('/api/student-fee-component-batch', undefined, { data: { item_ids: selected } });
      notifySuccess('Item Yang Terpilih Berhasil Dihapus.', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setSelected([]);
    setDialog(null);
    query.reload();
  };

  const saveField = async (row: StudentFeeComponent, field: 'name' | 'price', value: string | number) => {
    try {
      await apiPost<StudentFeeComponent>(`/api/student-fee-component-xupdate/${row.id}`, { field, value });
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
            onSave={(value) => saveField(row, 'name', value)}
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
            kind="price"
            schema={FeePriceSchema}
            onSave={(value) => saveField(row, 'price', value)}
          />
        ),
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
            {/* Spec: a print-style button; here it prints the list as shown (print styles hide the rest). */}
            <Button icon={<PrintIcon />} aria-label="Cetak daftar" title="Cetak daftar" onClick={printPage} />
          </>
        }
      />
      <Card style={{ marginBottom: 16 }} {...HIDDEN_IN_PRINT}>
        <CascadeFilterBar
          filter={filter}
          actions={
            <>
              <Button type="primary" disabled={!filter.complete} onClick={show}>
                Tampilkan
              </Button>
              <Button disabled={!filter.complete} onClick={() => setDialog('student-fee')}>
                Generate Komponen
              </Button>
              <Button disabled={!filter.complete} onClick={() => setDialog('student-fee-copy')}>
                Copy Data Bulan Lalu
              </Button>
            </>
          }
        />
      </Card>
      <Card>
        {filter.applied === null ? (
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
