import { RecordFrame } from '@keuangan/shared';
import { Button, Flex } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FieldGroup } from '../common/FieldGroup';
import { classStudentsPath } from '../common/rules';
import { useClass } from './api';

const TITLE = 'View Data Kelas';

/** View Data Kelas (docs/screens.md): Departemen, Tingkat, Tahun Ajaran, Nama Kelas, Wali Kelas, Kapasitas. */
export function ClassShowPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const cls = useClass(id);
  return (
    <RecordFrame
      title={TITLE}
      breadcrumb={[{ title: 'Daftar Kelas', path: '/class' }, { title: TITLE }]}
      record={cls}
      loadingText="Memuat data kelas…"
      failedText="Data kelas tidak dapat dimuat"
      backTo="/class"
    >
      {(c) =>
        c && (
          <>
            <FieldGroup
              title="Data Kelas"
              fields={[
                { label: 'Departemen', value: c.department.name },
                { label: 'Tingkat', value: c.level.name },
                { label: 'Tahun Ajaran', value: c.year_of_study.name },
                { label: 'Nama Kelas', value: c.name },
                { label: 'Wali Kelas', value: c.employee?.name },
                { label: 'Kapasitas', value: c.capacity },
                {
                  label: 'Jumlah Siswa',
                  value: <Link to={classStudentsPath(c)}>{c.student_count} siswa</Link>,
                },
              ]}
            />
            <Flex gap={8}>
              <Button onClick={() => navigate('/class')}>Batal</Button>
              <Button type="primary" onClick={() => navigate(`/class/edit/${c.id}`)}>
                Edit
              </Button>
            </Flex>
          </>
        )
      }
    </RecordFrame>
  );
}
