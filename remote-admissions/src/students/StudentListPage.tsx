import {
  ADMISSION_SOURCES,
  CascadeFilterBar,
  chosenParams,
  DEPARTMENT_FIRST_WARNING,
  EditIcon,
  EyeIcon,
  formatDate,
  LinkButton,
  ListSearch,
  notifyWarning,
  PagedTable,
  PageHeader,
  type Student,
  useCascadeFilter,
} from '@keuangan/shared';
import { Button, Card, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CENTERED, STUDENT_PAGE_SIZE } from '../common/rules';
import { useStudentList } from './api';

export const STUDENT_FILTER_KEY = 'student';

/**
 * Siswa (docs/screens.md): active students (docs/money.md#constants-and-limits: study_status 1) filtered by department and batch and
 * searched by name or NIS, 5 per page. Editing asks for a department first (docs/screens.md).
 */
export function StudentListPage() {
  const navigate = useNavigate();
  const filter = useCascadeFilter({
    storageKey: STUDENT_FILTER_KEY,
    fields: ['department_id', 'batch_id'],
    required: [],
    clearable: ['department_id', 'batch_id'],
    sources: ADMISSION_SOURCES,
  });
  const [q, setQ] = useState('');
  const query = useStudentList(
    {
      ...chosenParams(filter.values, { department_id: 'deptId' }),
      study_status: 1,
      q,
      orderby: 'id',
      sort: 'asc',
    },
    { pageSize: STUDENT_PAGE_SIZE, errorToast: CENTERED },
  );

  const edit = (student: Student) => {
    if (typeof filter.values.department_id !== 'number') notifyWarning(DEPARTMENT_FIRST_WARNING);
    else navigate(`edit/${student.id}`);
  };

  const columns: TableColumnsType<Student> = [
    { key: 'nis', title: 'NIS', dataIndex: 'nis' },
    { key: 'name', title: 'Nama', dataIndex: 'name' },
    { key: 'birth_date', title: 'Tgl. Lahir', render: (_value, s) => formatDate(s.birth_date) || '-' },
    { key: 'class', title: 'Kelas', render: (_value, s) => s.current_class?.name ?? '-' },
    { key: 'yoe', title: 'Tahun Masuk', dataIndex: 'yoe' },
    {
      key: 'actions',
      title: 'Aksi',
      fixed: 'right',
      width: 96,
      render: (_value, s) => (
        <Flex gap={8}>
          <LinkButton to={`show/${s.id}`} label={`Lihat ${s.name}`} icon={<EyeIcon />} />
          <Button size="small" icon={<EditIcon />} aria-label={`Edit ${s.name}`} onClick={() => edit(s)} />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Siswa" />
      <Card style={{ marginBottom: 16 }}>
        <CascadeFilterBar filter={filter} />
        <ListSearch label="Cari Siswa" placeholder="Cari nama atau NIS" onSearch={setQ} />
      </Card>
      <Card>
        <PagedTable<Student> aria-label="Daftar Siswa" columns={columns} rowKey="id" {...query.tableProps} />
      </Card>
    </>
  );
}
