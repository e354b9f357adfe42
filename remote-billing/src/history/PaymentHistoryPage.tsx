import { PAYMENT_HISTORY_PAGE_SIZE, PageHeader, type StudentBillingPaymentPage } from '@keuangan/shared';
import { Card, Descriptions, Empty, Flex, Pagination, Skeleton } from 'antd';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { CENTERED, HISTORY_TITLE, LIST_PATH, LIST_TITLE } from '../constants';
import { useToday } from '../today';
import { usePaymentHistory } from './api';
import { PaymentCard } from './PaymentCard';

const ID = /^[1-9]\d{0,8}$/;

/**
 * The two ids of the history: from the query string (`?student_id=&department_id=`, what the list links
 * to) or from the path segment written as a query (`/student-billing-payment-history-detail/student_id=5&department_id=1`).
 */
export function historyIds(segment: string | undefined, search: string) {
  const fromSearch = new URLSearchParams(search);
  const fromSegment = new URLSearchParams(segment ?? '');
  const read = (name: string) => {
    const value = fromSearch.get(name) ?? fromSegment.get(name) ?? '';
    return ID.test(value) ? Number(value) : null;
  };
  const studentId = read('student_id');
  const departmentId = read('department_id');
  return studentId && departmentId ? { studentId, departmentId } : null;
}

/**
 * Riwayat Pembayaran (docs/screens.md): the student's header card, then their payments in the department
 * (bills dated up to today), 5 to a page, each with its bill's month, its documents and, when voided, who,
 * when and why. Without student_id and department_id it goes to /student-billing (docs/screens.md#payment-history).
 */
export function PaymentHistoryPage() {
  const { query: segment } = useParams();
  const { search } = useLocation();
  const ids = historyIds(segment, search);
  if (!ids) return <Navigate to={LIST_PATH} replace />;
  return <PaymentHistory studentId={ids.studentId} departmentId={ids.departmentId} />;
}

function PaymentHistory({ studentId, departmentId }: { studentId: number; departmentId: number }) {
  const today = useToday();
  const query = usePaymentHistory(
    {
      student_id: studentId,
      department_id: departmentId,
      bill_date_before: today(),
      orderby: 'id',
      sort: 'asc',
    },
    { pageSize: PAYMENT_HISTORY_PAGE_SIZE, errorToast: CENTERED },
  );
  const page = query.data as StudentBillingPaymentPage | null;

  return (
    <>
      <PageHeader
        title={HISTORY_TITLE}
        breadcrumb={[{ title: LIST_TITLE, path: LIST_PATH }, { title: HISTORY_TITLE }]}
      />
      <Card style={{ marginBottom: 16 }}>
        {page ? (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'department', label: 'Departemen', children: page.department.name },
              { key: 'name', label: 'Nama Siswa', children: page.student.name },
              { key: 'nis', label: 'NIS', children: page.student.nis },
              { key: 'batch', label: 'Angkatan', children: page.student.batch?.name ?? '-' },
            ]}
          />
        ) : query.error ? (
          <Empty description="Riwayat pembayaran tidak dapat dimuat" />
        ) : (
          <Skeleton active aria-busy="true" />
        )}
      </Card>
      {page ? (
        <section aria-label="Daftar Pembayaran" aria-busy={query.loading}>
          {page.data.length === 0 ? (
            <Card>
              <Empty description="Belum ada pembayaran" />
            </Card>
          ) : (
            page.data.map((payment) => <PaymentCard key={payment.id} payment={payment} />)
          )}
          {page.total > 0 ? (
            <Flex justify="flex-end">
              <Pagination
                current={page.current_page}
                pageSize={page.per_page}
                total={page.total}
                showSizeChanger={false}
                showTotal={(total, [from, to]) => `${from}-${to} dari ${total} pembayaran`}
                onChange={(next) => query.setPage(next)}
              />
            </Flex>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
