import {
  ALL,
  BILLING_PAGE_SIZE,
  EyeIcon,
  FORM_STATUS_CONFIRMED,
  formatMonth,
  PAYMENT_STATUS_PAID,
  PagedTable,
  PageHeader,
  STATEMENT_TITLE,
  type StudentBilling,
  type StudentBillingListResponse,
  studentStatementPath,
} from '@keuangan/shared';
import { Button, Card, Col, Flex, Form, Row, type TableColumnsType, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { billPath, CENTERED, HISTORY_TITLE, historyPath } from '../constants';
import { useEmbed } from '../embed/context';
import { useBillingList } from '../list/api';
import { BillingResume } from '../list/BillingResume';
import { billTotalsAndStatusColumns } from '../list/billColumns';
import { type BillOrder, billOrderQuery, OverdueFilter } from '../list/OverdueFilter';
import { OnDemand, onDemand } from '../OnDemand';
import { useToday } from '../today';
import { StudentCreditCard } from './StudentCreditCard';

// Fetched when there is something to pay (never in a read-only embedded view).
const StudentBillsPayment = onDemand(() =>
  import('./StudentBillsPayment').then((m) => ({ default: m.StudentBillsPayment })),
);
const OnlineChargeButton = onDemand(() =>
  import('../online-payments/OnlineChargeButton').then((m) => ({ default: m.OnlineChargeButton })),
);
const FixedVaCard = onDemand(() =>
  import('../online-payments/FixedVaCard').then((m) => ({ default: m.FixedVaCard })),
);

export interface EmbeddedStudent {
  studentId: number;
  departmentId: number;
  yearOfStudyId: number;
}

/** A bill the cashier may tick to pay now: confirmed, not paid, dated up to today. */
const payableNow = (bill: StudentBilling, today: string) =>
  bill.form_status === FORM_STATUS_CONFIRMED &&
  bill.payment_status !== PAYMENT_STATUS_PAID &&
  bill.bill_date <= today;

/**
 * One student's bills with the five totals, from the billing list's pieces
 * (docs/screens.md#tagihan-siswa-and-the-student-search). `payable` ticks what can be paid now for one payment;
 * `payOnline` starts with none ticked (docs/online-payments.md#bayar-online).
 */
export function StudentBills({
  studentId,
  departmentId,
  yearOfStudyId,
  payable = false,
  payOnline = false,
}: EmbeddedStudent & { payable?: boolean; payOnline?: boolean }) {
  // Keterlambatan and Urutkan, as on the billing list (docs/screens.md).
  const [overdue, setOverdue] = useState<number | string>(ALL);
  const [order, setOrder] = useState<BillOrder>('id');
  const query = useBillingList(
    {
      department_id: departmentId,
      year_of_study_id: yearOfStudyId,
      student_id: studentId,
      overdue_min: overdue,
      ...billOrderQuery(order),
      with_resume: true,
    },
    { pageSize: BILLING_PAGE_SIZE, errorToast: CENTERED },
  );
  const resume = (query.data as StudentBillingListResponse | null)?.resume;
  const [today] = useState(useToday());
  const rows = query.data?.data ?? [];
  const unpaid = rows.filter((bill) => payableNow(bill, today));
  const [ticked, setTicked] = useState<number[] | null>(null);
  // Every load (a new year, a payment) ticks every bill that can be paid now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer, not a new render, resets the ticks
  useEffect(() => setTicked(null), [query.data]);
  // The counter's keyboard path (docs/screens.md, "Keys at the counter"): the page opens on "Bayar Semua
  // Tunggakan"; pressing it focuses Jumlah Uang (a new request each time).
  const payAll = useRef<HTMLButtonElement>(null);
  const firstFocus = useRef(false);
  const [focusGiven, setFocusGiven] = useState(0);
  const canPayAll = payable && !query.loading && unpaid.length > 0;
  useEffect(() => {
    if (!canPayAll || firstFocus.current) return;
    firstFocus.current = true;
    payAll.current?.focus();
  }, [canPayAll]);
  const ticking = payable || payOnline;
  // A parent ticks what they mean to pay; the counter starts from every bill owing.
  const tickedIds = ticked ?? (payable ? unpaid.map((bill) => bill.id) : []);
  const tickedBills = unpaid.filter((bill) => tickedIds.includes(bill.id));
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
      <StudentCreditCard
        studentId={studentId}
        ticked={tickedBills}
        payable={payable}
        onSpent={query.reload}
      />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div">
          <Row gutter={16} align="bottom">
            <OverdueFilter overdue={overdue} order={order} onOverdue={setOverdue} onOrder={setOrder} />
            {payOnline && !payable && unpaid.length > 0 ? (
              <Col flex="auto" style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
                <OnDemand>
                  <OnlineChargeButton bills={tickedBills} onPaid={query.reload} />
                </OnDemand>
              </Col>
            ) : null}
            {payable ? (
              // After the filters, so the Tab after it goes on to the bills, not back to a filter.
              <Col
                flex="auto"
                style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginBottom: 12 }}
              >
                {/* docs/online-payments.md "Several bills": one charge for the ticked bills. Before Bayar Semua
                    Tunggakan, so the Tab after that still goes to the bills (docs/screens.md). */}
                {tickedBills.length > 0 ? (
                  <OnDemand>
                    <OnlineChargeButton bills={tickedBills} onPaid={query.reload} />
                  </OnDemand>
                ) : null}
                <Button
                  ref={payAll}
                  type="primary"
                  disabled={unpaid.length === 0}
                  onClick={() => {
                    setTicked(unpaid.map((bill) => bill.id));
                    setFocusGiven((n) => n + 1);
                  }}
                >
                  Bayar Semua Tunggakan
                </Button>
              </Col>
            ) : null}
          </Row>
        </Form>
        <PagedTable<StudentBilling>
          aria-label="Daftar Tagihan Siswa"
          numberTitle="No."
          columns={columns}
          rowKey="id"
          rowSelection={
            ticking
              ? {
                  selectedRowKeys: tickedIds,
                  onChange: (keys) => setTicked(keys as number[]),
                  getCheckboxProps: (bill) => ({
                    disabled: !payableNow(bill, today),
                    'aria-label': `Bayar ${bill.bill_number}`,
                  }),
                }
              : undefined
          }
          {...query.tableProps}
        />
      </Card>
      {/* docs/online-payments.md "Fixed VA": the student's open VA, money on it paying the oldest items. */}
      {payable ? (
        <OnDemand>
          <FixedVaCard studentId={studentId} onPaid={query.reload} />
        </OnDemand>
      ) : null}
      {payable && tickedBills.length > 0 ? (
        <OnDemand>
          <StudentBillsPayment bills={tickedBills} onSettled={query.reload} focusGiven={focusGiven} />
        </OnDemand>
      ) : null}
      {ticking && !query.loading && unpaid.length === 0 ? (
        <Typography.Paragraph type="secondary">
          Tidak ada tagihan yang dapat dibayar saat ini.
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** The embedded view's page: the title, the payment history link and the student's bills. */
export function StudentBillsPage(student: EmbeddedStudent) {
  const embed = useEmbed();
  return (
    <>
      <PageHeader
        title="Tagihan Siswa"
        extra={
          <Flex gap={16}>
            <Link to={historyPath(student.studentId, student.departmentId)}>{HISTORY_TITLE}</Link>
            <Link to={studentStatementPath(student.studentId)}>{STATEMENT_TITLE}</Link>
          </Flex>
        }
      />
      <StudentBills {...student} payOnline={embed?.canPayOnline ?? false} />
    </>
  );
}
