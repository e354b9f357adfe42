import { type Employee, PageHeader } from '@keuangan/shared';
import { Card, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useEmployee } from '../data';
import { LoadFailed } from './LoadFailed';

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
    <>
      <PageHeader title={title} breadcrumb={[{ title: 'Pegawai', path: '..' }, { title }]} />
      <Card>
        {employee.state === 'loading' ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin description="Memuat data pegawai…" />
          </Flex>
        ) : employee.state === 'failed' ? (
          <LoadFailed onRetry={employee.retry} />
        ) : (
          children(employee.value)
        )}
      </Card>
    </>
  );
}
