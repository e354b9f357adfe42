import { RedirectHome, STYPE_ADMISSION, STYPE_TRANSFER, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ExtraBillPage } from './add/ExtraBillPage';
import { BankReconciliationPage } from './bank/BankReconciliationPage';
import { CashDayPage } from './closing/CashDayPage';
import { LIST_PATH } from './constants';
import { BillDetailPage } from './detail/BillDetailPage';
import { PaymentHistoryPage } from './history/PaymentHistoryPage';
import { StudentBillingListPage } from './list/StudentBillingListPage';
import { OnlinePaymentsPage } from './online-payments/OnlinePaymentsPage';
import { ProspectBillingRoutes } from './prospect/ProspectBillingRoutes';
import { RemindersPage } from './reminders/pages/RemindersPage';
import { DiscountReportPage } from './reports/DiscountReportPage';
import { ProspectBillingReportPage } from './reports/ProspectBillingReportPage';
import { StudentBillingReportPage } from './reports/StudentBillingReportPage';
import { StatementPage } from './statement/pages/StatementPage';
import { StudentBillsRoute } from './student/StudentBillsRoute';

/**
 * Billing Siswa: list, extra bill, bill detail (docs/screens.md), one student's bills (the top bar's search) and
 * their statement (Rekening Siswa).
 */
function StudentBillingRoutes() {
  return (
    <Routes>
      <Route index element={<StudentBillingListPage />} />
      <Route path="add" element={<ExtraBillPage />} />
      <Route path="show/:id" element={<BillDetailPage />} />
      <Route path="student/:studentId" element={<StudentBillsRoute />} />
      <Route path="statement/:studentId" element={<StatementPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Riwayat Pembayaran: needs student_id and department_id, else back to the billing list (docs/screens.md). */
function PaymentHistoryRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={LIST_PATH} replace />} />
      <Route path=":query" element={<PaymentHistoryPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** A report: one screen at the area's root; any other sub-path goes home. */
function SinglePage({ page }: { page: ReactNode }) {
  return (
    <Routes>
      <Route index element={page} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** Billing, payment and report screens; the host mounts one area per top-level route. */
function BillingRoutes({ area }: { area: string }) {
  if (area === 'student-billing') return <StudentBillingRoutes />;
  if (area === 'student-billing-payment-history-detail') return <PaymentHistoryRoutes />;
  if (area === 'prospective-billing') return <ProspectBillingRoutes stype={STYPE_ADMISSION} />;
  if (area === 'mutation-billing') return <ProspectBillingRoutes stype={STYPE_TRANSFER} />;
  if (area === 'rekap-kas-harian') return <SinglePage page={<CashDayPage />} />;
  if (area === 'pembayaran-online') return <SinglePage page={<OnlinePaymentsPage />} />;
  if (area === 'rekonsiliasi-bank') return <SinglePage page={<BankReconciliationPage />} />;
  if (area === 'report-student-billing') return <SinglePage page={<StudentBillingReportPage />} />;
  if (area === 'report-prospective-billing')
    return <SinglePage page={<ProspectBillingReportPage stype={1} />} />;
  if (area === 'pengingat-tagihan') return <SinglePage page={<RemindersPage />} />;
  if (area === 'report-discounts') return <SinglePage page={<DiscountReportPage />} />;
  if (area === 'report-mutation-billing')
    return <SinglePage page={<ProspectBillingReportPage stype={2} />} />;
  return <RedirectHome />;
}

export default withOwnAntd(ConfigProvider, BillingRoutes);
