import { RecordFrame, STATEMENT_TITLE, studentStatementPath, useLoad } from '@keuangan/shared';
import { Card, Descriptions, Flex, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { HISTORY_TITLE, historyPath, LIST_PATH, LIST_TITLE } from '../constants';
import { ReminderHistory } from '../reminders/ReminderHistory';
import { fetchStudentWithYears, type StudentWithYears } from './api';
import { StudentBills } from './StudentBillsPage';

/**
 * Tagihan Siswa (`/student-billing/student/{id}`), where the top bar's student search leads: who the student is,
 * their bills of a year of study (the year of their current class, else the newest; any other by the select)
 * with the five totals, each bill's detail (and payment form) one link away, their payment history and the
 * reminders sent to their parents (Riwayat Pengingat).
 */
export function StudentBillsRoute() {
  const { studentId } = useParams();
  const id = Number(studentId);
  const load = useCallback(
    (signal: AbortSignal): Promise<StudentWithYears> => fetchStudentWithYears(id, signal),
    [id],
  );
  const record = useLoad(load);
  return (
    <RecordFrame
      title="Tagihan Siswa"
      breadcrumb={[{ title: LIST_TITLE, path: LIST_PATH }, { title: 'Tagihan Siswa' }]}
      record={record}
      loadingText="Memuat data siswa…"
      failedText="Data siswa tidak dapat dimuat"
      backTo={LIST_PATH}
    >
      {(value) => <StudentBillsOfYear {...value} />}
    </RecordFrame>
  );
}

function StudentBillsOfYear({ student, years }: StudentWithYears) {
  const [yearId, setYearId] = useState<number | undefined>(
    student.current_class?.year_of_study.id ?? years[0]?.id,
  );
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'name', label: 'Nama Siswa', children: student.name },
              { key: 'nis', label: 'NIS', children: student.nis },
              { key: 'class', label: 'Kelas', children: student.current_class?.name ?? '-' },
              { key: 'department', label: 'Departemen', children: student.department.name },
            ]}
          />
          <Flex vertical gap={8}>
            <label htmlFor="student-bills-year">Tahun Ajaran</label>
            <Select<number>
              id="student-bills-year"
              value={yearId}
              onChange={setYearId}
              options={years.map((year) => ({ value: year.id, label: year.name }))}
              style={{ minWidth: 160 }}
            />
            <Link to={historyPath(student.id, student.department_id)}>{HISTORY_TITLE}</Link>
            <Link to={studentStatementPath(student.id)}>{STATEMENT_TITLE}</Link>
          </Flex>
        </Flex>
      </Card>
      {yearId === undefined ? (
        <Typography.Paragraph type="secondary">
          Departemen siswa ini belum memiliki tahun ajaran.
        </Typography.Paragraph>
      ) : (
        <StudentBills
          studentId={student.id}
          departmentId={student.department_id}
          yearOfStudyId={yearId}
          payable
        />
      )}
      <ReminderHistory studentId={student.id} />
    </>
  );
}
