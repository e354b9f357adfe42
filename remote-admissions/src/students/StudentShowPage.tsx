import { labelOf, STATEMENT_TITLE, STUDY_STATUSES, studentStatementPath } from '@keuangan/shared';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { FieldGroup } from '../common/FieldGroup';
import { ProfileGroups } from '../common/ProfileGroups';
import { StudentFrame } from './StudentFrame';

const TITLE = 'Detail Siswa';

/** A student's profile (docs/screens.md), read-only, with the classes they have been in and a way to their statement. */
export function StudentShowPage() {
  const navigate = useNavigate();
  return (
    <StudentFrame title={TITLE}>
      {(s) => (
        <>
          <FieldGroup
            title="Data Siswa"
            fields={[
              { label: 'NIS', value: s.nis },
              { label: 'NISN', value: s.nisn },
              { label: 'Departemen', value: s.department.name },
              { label: 'Angkatan', value: s.batch?.name },
              { label: 'Tahun Masuk', value: s.yoe },
              { label: 'Kelas', value: s.current_class?.name },
              { label: 'Status', value: labelOf(STUDY_STATUSES, s.study_status) },
              {
                label: 'Riwayat Kelas',
                value: s.class_student
                  .map((c) => `${c.the_class.name} (${c.the_class.year_of_study.name})`)
                  .join(', '),
              },
            ]}
          />
          <ProfileGroups profile={s} identity={[{ label: 'Nama', value: s.name }]} />
          <Flex gap={8}>
            <Button onClick={() => navigate('/student/search')}>Kembali</Button>
            <Button type="primary" onClick={() => navigate(`/student/edit/${s.id}`)}>
              Edit
            </Button>
            {/* The student's account with the running balance, in Billing Siswa (docs/screens.md#rekening-siswa). */}
            <Button onClick={() => navigate(studentStatementPath(s.id))}>{STATEMENT_TITLE}</Button>
          </Flex>
        </>
      )}
    </StudentFrame>
  );
}
