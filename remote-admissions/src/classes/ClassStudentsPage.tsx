import { formatDate, PagedTable, PageHeader, type Student } from '@keuangan/shared';
import { Card, type TableColumnsType } from 'antd';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import {
  CENTERED,
  CLASS_STUDENT_PAGE_SIZE,
  type ClassStudentParams,
  classStudentParams,
} from '../common/rules';
import { useClassStudents } from './api';

/** Siswa Kelas (docs/screens.md): needs class_id, year_of_study and class in the query, else back to /class. */
export function ClassStudentsPage() {
  const { classId } = useParams();
  const [search] = useSearchParams();
  const params = classStudentParams(classId, search);
  return params ? <ClassStudents params={params} /> : <Navigate to="/class" replace />;
}

function ClassStudents({ params }: { params: ClassStudentParams }) {
  const title = `Siswa Kelas ${params.className} ${params.yearOfStudy}`;
  const query = useClassStudents(params.classId, { pageSize: CLASS_STUDENT_PAGE_SIZE, errorToast: CENTERED });
  const columns: TableColumnsType<Student> = [
    { key: 'nis', title: 'NIS', dataIndex: 'nis' },
    { key: 'name', title: 'Nama', dataIndex: 'name' },
    { key: 'birth_date', title: 'Tgl. Lahir', render: (_value, s) => formatDate(s.birth_date) || '-' },
    { key: 'class', title: 'Kelas', render: () => params.className },
    { key: 'yoe', title: 'Tahun Masuk', dataIndex: 'yoe' },
  ];
  return (
    <>
      <PageHeader title={title} breadcrumb={[{ title: 'Daftar Kelas', path: '/class' }, { title }]} />
      <Card>
        <PagedTable<Student>
          aria-label={title}
          numberTitle="#"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
