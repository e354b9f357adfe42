import {
  BILLING_PAGE_SIZE,
  EyeIcon,
  formatMonth,
  PagedTable,
  PageHeader,
  type StudentBilling,
  type StudentBillingListResponse,
  usePagedQuery,
} from '@keuangan/shared';
import { Card, Flex, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { billPath, CENTERED, HISTORY_TITLE, historyPath } from '../constants';
import { BillingResume } from '../list/BillingResume';
import { billTotalsAndStatusColumns } from '../list/billColumns';

export interface EmbeddedStudent {
  studentId: number;
  departmentId: number;
  yearOfStudyId: number;
}

/** One student's bills of a department and year with the five totals: the billing list's pieces, for that student. */
export function StudentBills({ studentId, departmentId, yearOfStudyId }: EmbeddedStudent) {
  const query = usePagedQuery<StudentBilling>(
    '/api/student-billing',
    {
      department_id: departmentId,
      year_of_study_id: yearOfStudyId,
      student_id: studentId,
      orderby: 'id',
      sort: 'asc',
      with_resume: true,
    },
    { pageSize: BILLING_PAGE_SIZE, errorToast: CENTERED },
  );
  const resume = (query.data as StudentBillingListResponse | null)?.resume;
  const columns: TableColumnsType<StudentBilling> = [
    {
      key: 'bill',
      title: 'No. Billing',
      render: (_v, bill) => (
        <Flex vertical>
          <strong>{bill.bill_number}</strong>
          <span>{formatMonth(bill.mm)}</span>
        </Flex>
      ),
    },
    ...billTotalsAndStatusColumns(),
    {
      key: 'actions',
      title: 'Aksi',
      render: (_v, bill) => (
        <Link to={billPath(bill.id)} aria-label={`Detail ${bill.bill_number}`}>
          <EyeIcon /> Detail
        </Link>
      ),
    },
  ];
  return (
    <>
      <BillingResume resume={resume} loading={query.loading} />
      <Card>
        <PagedTable<StudentBilling>
          aria-label="Daftar Tagihan Siswa"
          numberTitle="No."
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}

/** The embedded view's page: the title, the payment history link and the student's bills. */
export function StudentBillsPage(student: EmbeddedStudent) {
  return (
    <>
      <PageHeader
        title="Tagihan Siswa"
        extra={<Link to={historyPath(student.studentId, student.departmentId)}>{HISTORY_TITLE}</Link>}
      />
      <StudentBills {...student} />
    </>
  );
}
