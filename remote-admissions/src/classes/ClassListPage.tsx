import {
  ADMISSION_SOURCES,
  CascadeFilterBar,
  CLASS_FILTER_WARNING,
  chosenParams,
  DeleteDialog,
  DeleteIcon,
  EditIcon,
  EyeIcon,
  LinkButton,
  ListSearch,
  notifyWarning,
  PagedTable,
  PageHeader,
  PlusIcon,
  type SchoolClass,
  useCascadeFilter,
} from '@keuangan/shared';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CENTERED, CLASS_PAGE_SIZE, classStudentsPath } from '../common/rules';
import { classUrl, useClassList } from './api';

export const CLASS_FILTER_KEY = 'class';
export const CLASS_FILTER_FIELDS = ['department_id', 'level_id', 'year_of_study_id'] as const;

/**
 * Daftar Kelas (docs/screens.md): department, level and year of study (kept in session storage) shown with
 * Tampilkan, a search, 10 per page; add needs the three filters; delete after confirmation.
 */
export function ClassListPage() {
  const navigate = useNavigate();
  const filter = useCascadeFilter({
    storageKey: CLASS_FILTER_KEY,
    fields: CLASS_FILTER_FIELDS,
    required: [],
    clearable: [...CLASS_FILTER_FIELDS],
    sources: ADMISSION_SOURCES,
  });
  const [q, setQ] = useState('');
  const query = useClassList(
    {
      ...chosenParams(filter.applied ?? {}, {
        department_id: 'deptId',
        level_id: 'levelId',
        year_of_study_id: 'yearofstudyId',
      }),
      q,
      orderby: 'name',
      sort: 'asc',
    },
    { pageSize: CLASS_PAGE_SIZE, errorToast: CENTERED },
  );
  const [deleting, setDeleting] = useState<SchoolClass | null>(null);
  const allChosen = CLASS_FILTER_FIELDS.every((field) => typeof filter.values[field] === 'number');

  const show = () => {
    filter.apply();
    query.reload();
  };

  const add = () => {
    if (!allChosen) notifyWarning(CLASS_FILTER_WARNING);
    else navigate('add');
  };

  const columns: TableColumnsType<SchoolClass> = [
    {
      key: 'name',
      title: 'Kelas',
      render: (_value, c) => (
        <Flex vertical>
          <span>{c.name}</span>
          <Typography.Text type="secondary">
            {c.level.name} · {c.year_of_study.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'employee', title: 'Wali Kelas', render: (_value, c) => c.employee?.name ?? '-' },
    {
      key: 'students',
      title: 'Siswa',
      render: (_value, c) => (
        <Link to={classStudentsPath(c)} aria-label={`Lihat siswa kelas ${c.name}`}>
          Lihat
        </Link>
      ),
    },
    {
      key: 'capacity',
      title: 'Kapasitas',
      render: (_value, c) => (
        <Flex vertical>
          <span>{c.capacity}</span>
          <Typography.Text type="secondary">{c.student_count} siswa</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: 'Aksi',
      fixed: 'right',
      width: 128,
      render: (_value, c) => (
        <Flex gap={8}>
          <LinkButton to={`show/${c.id}`} label={`Lihat ${c.name}`} icon={<EyeIcon />} />
          <LinkButton to={`edit/${c.id}`} label={`Edit ${c.name}`} icon={<EditIcon />} />
          <Button
            size="small"
            danger
            icon={<DeleteIcon />}
            aria-label={`Hapus ${c.name}`}
            onClick={() => setDeleting(c)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Daftar Kelas"
        extra={<Button type="primary" icon={<PlusIcon />} aria-label="Tambah Kelas" onClick={add} />}
      />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar
          filter={filter}
          actions={
            <Button type="primary" onClick={show}>
              Tampilkan
            </Button>
          }
        />
        <ListSearch label="Cari Kelas" placeholder="Cari nama kelas" onSearch={setQ} />
      </Card>
      <Card>
        <PagedTable<SchoolClass>
          aria-label="Daftar Kelas"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
      <DeleteDialog
        target={deleting && { url: classUrl(deleting.id), name: `kelas ${deleting.name}` }}
        onClose={() => setDeleting(null)}
        onDeleted={query.reload}
      />
    </>
  );
}
