import { type Employee, RecordFrame } from '@keuangan/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useEmployee } from './api';

/** The frame of the view and edit pages: title and breadcrumb, then the employee of the URL once loaded. */
export function EmployeePage({
  title,
  children,
}: {
  title: string;
  children: (employee: Employee) => ReactNode;
}) {
  const { id } = useParams();
  const employee = useEmployee(id);
  return (
    <RecordFrame
      title={title}
      breadcrumb={[{ title: 'Pegawai', path: '..' }, { title }]}
      record={employee}
      loadingText="Memuat data pegawai…"
      failedText="Data pegawai tidak dapat dimuat"
      backTo=".."
    >
      {children}
    </RecordFrame>
  );
}
