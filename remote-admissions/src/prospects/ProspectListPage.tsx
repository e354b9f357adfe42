import {
  apiErrorText,
  CascadeFilterBar,
  chosenParams,
  DEPARTMENT_FIRST_WARNING,
  DeleteDialog,
  DeleteIcon,
  EyeIcon,
  formatDate,
  GENDERS,
  LinkButton,
  ListSearch,
  labelOf,
  notifyError,
  notifySuccess,
  notifyWarning,
  PagedTable,
  PageHeader,
  PlusIcon,
  type PsbEventProspective,
  prospectFilterOptions,
  prospectPaymentLabel,
  REGISTRATION_STATUSES,
  StatusTag,
  useCascadeFilter,
} from '@keuangan/shared';
import { Button, Card, Flex, Select, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CENTERED,
  canChangeStatus,
  PROSPECT_AREAS,
  PROSPECT_PAGE_SIZE,
  type ProspectStype,
} from '../common/rules';
import { downloadProspects, prospectUrl, saveRegistrationStatus, useProspectList } from './api';

const EDITABLE_OPTIONS = REGISTRATION_STATUSES.filter((s) => canChangeStatus(s.value));

/**
 * Calon Siswa (stype 1) and Calon Siswa Pindahan (stype 2), docs/screens.md: the filters (department,
 * entry year, event, status) and a search, 5 per page; the registration status changed in the row
 * (0-3), delete after confirmation, and the XLS of the current filter.
 */
export function ProspectListPage({ stype }: { stype: ProspectStype }) {
  const area = PROSPECT_AREAS[stype];
  const navigate = useNavigate();
  const options = useMemo(
    () => prospectFilterOptions({ storageKey: area.storageKey, withStatus: true, context: { stype } }),
    [area.storageKey, stype],
  );
  const filter = useCascadeFilter(options);
  const [q, setQ] = useState('');
  const params = {
    ...chosenParams(filter.values, { department_id: 'deptId' }),
    stype,
    q,
    orderby: 'id',
    sort: 'asc',
  };
  const query = useProspectList(params, {
    pageSize: PROSPECT_PAGE_SIZE,
    errorToast: CENTERED,
  });
  const [saving, setSaving] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PsbEventProspective | null>(null);
  const [exporting, setExporting] = useState(false);

  const changeStatus = async (row: PsbEventProspective, value: number) => {
    setSaving(row.id);
    try {
      await saveRegistrationStatus(row.id, value);
      notifySuccess('Data berhasil diupdate.', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setSaving(null);
    // Success or not, the list shows what the server holds (a new bill, or the refused status back).
    query.reload();
  };

  const exportXls = async () => {
    if (!filter.settled) return;
    setExporting(true);
    try {
      await downloadProspects(params, `${area.storageKey}.xlsx`);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setExporting(false);
  };

  const add = () => {
    if (typeof filter.values.department_id !== 'number') notifyWarning(DEPARTMENT_FIRST_WARNING);
    else navigate('add');
  };

  const columns: TableColumnsType<PsbEventProspective> = [
    { key: 'reg_number', title: 'No. Registrasi', dataIndex: 'reg_number' },
    { key: 'name', title: 'Nama Lengkap', dataIndex: 'name' },
    {
      key: 'bio',
      title: 'Bio',
      render: (_value, p) => (
        <Flex vertical>
          <span>{p.psb_event_stype.name}</span>
          <Typography.Text type="secondary">
            {labelOf(GENDERS, p.gender_id, 'Perempuan')}, {formatDate(p.birth_date) || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    // docs/screens.md#prospect-lists: the exam score column stays blank.
    { key: 'score', title: 'Nilai Ujian', render: () => '' },
    {
      key: 'payment',
      title: 'Pembayaran',
      render: (_value, p) => {
        const label = prospectPaymentLabel(p);
        return <StatusTag color={label === 'Lunas' ? 'green' : 'red'}>{label}</StatusTag>;
      },
    },
    {
      key: 'status',
      title: 'Status',
      render: (_value, p) =>
        canChangeStatus(p.registration_status) ? (
          <Select<number>
            aria-label={`Status ${p.name}`}
            value={p.registration_status}
            options={EDITABLE_OPTIONS}
            loading={saving === p.id}
            disabled={saving === p.id}
            onChange={(value) => changeStatus(p, value)}
            style={{ minWidth: 170 }}
          />
        ) : (
          <StatusTag color={p.registration_status === 4 ? 'green' : 'red'}>
            {labelOf(REGISTRATION_STATUSES, p.registration_status)}
          </StatusTag>
        ),
    },
    {
      key: 'actions',
      title: 'Aksi',
      fixed: 'right',
      width: 96,
      render: (_value, p) => (
        <Flex gap={8}>
          <LinkButton to={`show/${p.id}`} label={`Lihat ${p.name}`} icon={<EyeIcon />} />
          <Button
            size="small"
            danger
            icon={<DeleteIcon />}
            aria-label={`Hapus ${p.name}`}
            onClick={() => setDeleting(p)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={area.title}
        extra={
          <>
            {/* Until the filter's Tahun Masuk has arrived from the server, an export would be of the wrong year. */}
            <Button onClick={exportXls} loading={exporting || !filter.settled} disabled={!filter.settled}>
              Export XLS
            </Button>
            <Button type="primary" icon={<PlusIcon />} aria-label={`Tambah ${area.title}`} onClick={add} />
          </>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar filter={filter} />
        <ListSearch
          label={`Cari ${area.title}`}
          placeholder="Cari nama atau nomor registrasi"
          onSearch={setQ}
        />
      </Card>
      <Card>
        <PagedTable<PsbEventProspective>
          aria-label={`Daftar ${area.title}`}
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
      <DeleteDialog
        target={deleting && { url: prospectUrl(deleting.id), name: deleting.name }}
        onClose={() => setDeleting(null)}
        onDeleted={query.reload}
      />
    </>
  );
}
