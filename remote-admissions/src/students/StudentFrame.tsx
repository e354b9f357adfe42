import { RecordFrame, type Student, useLoad } from '@keuangan/shared';
import { type ReactNode, useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { fetchStudent } from './api';

/** The frame of the student show and edit pages: the student of the URL (`GET /api/student/{id}`) once loaded. */
export function StudentFrame({
  title,
  children,
}: {
  title: string;
  children: (student: Student) => ReactNode;
}) {
  const { id } = useParams();
  const load = useCallback((signal: AbortSignal) => fetchStudent(id, signal), [id]);
  const student = useLoad(load);
  return (
    <RecordFrame
      title={title}
      breadcrumb={[{ title: 'Siswa', path: '/student' }, { title }]}
      record={student}
      loadingText="Memuat data siswa…"
      failedText="Data siswa tidak dapat dimuat"
      backTo="/student"
    >
      {children}
    </RecordFrame>
  );
}
