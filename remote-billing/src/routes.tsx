import { RedirectHome, STYPE_ADMISSION, STYPE_TRANSFER, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ExtraBillPage } from './add/ExtraBillPage';
import type { BillingArea } from './areas';
import { BankReconciliationPage } from './bank/BankReconciliationPage';
import { AccountsPage } from './books/AccountsPage';
import { JournalPage } from './books/JournalPage';
import { LedgerPage } from './books/LedgerPage';
import { TrialBalancePage } from './books/TrialBalancePage';
import { CashDayPage } from './closing/CashDayPage';
import { LIST_PATH } from './constants';
import { BillDetailPage } from './detail/BillDetailPage';
import { PaymentHistoryPage } from './history/PaymentHistoryPage';
import { StudentBillingListPage } from './list/StudentBillingListPage';
import { OnlinePaymentsPage } from './online-payments/OnlinePaymentsPage';
import { ProspectBillingRoutes } from './prospect/ProspectBillingRoutes';
import { RemindersPage } from './reminders/RemindersPage';
import { CreditReportPage } from './reports/CreditReportPage';
import { DiscountReportPage } from './reports/DiscountReportPage';
import { ProspectBillingReportPage } from './reports/ProspectBillingReportPage';
import { StudentBillingReportPage } from './reports/StudentBillingReportPage';
import { StatementPage } from './statement/StatementPage';
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

/** Each area declared in `areas.ts` and its screens; the host mounts one area per top-level route. */
const AREA_ROUTES: Record<BillingArea, ComponentType> = {
  'student-billing': StudentBillingRoutes,
  'student-billing-payment-history-detail': PaymentHistoryRoutes,
  'prospective-billing': () => <ProspectBillingRoutes stype={STYPE_ADMISSION} />,
  'mutation-billing': () => <ProspectBillingRoutes stype={STYPE_TRANSFER} />,
  'rekap-kas-harian': () => <SinglePage page={<CashDayPage />} />,
  'pembayaran-online': () => <SinglePage page={<OnlinePaymentsPage />} />,
  'rekonsiliasi-bank': () => <SinglePage page={<BankReconciliationPage />} />,
  'report-student-billing': () => <SinglePage page={<StudentBillingReportPage />} />,
  'report-prospective-billing': () => <SinglePage page={<ProspectBillingReportPage stype={1} />} />,
  'report-mutation-billing': () => <SinglePage page={<ProspectBillingReportPage stype={2} />} />,
  'pengingat-tagihan': () => <SinglePage page={<RemindersPage />} />,
  'report-discounts': () => <SinglePage page={<DiscountReportPage />} />,
  'report-student-credit': () => <SinglePage page={<CreditReportPage />} />,
  'jurnal-umum': () => <SinglePage page={<JournalPage />} />,
  'neraca-saldo': () => <SinglePage page={<TrialBalancePage />} />,
  'buku-besar': () => <SinglePage page={<LedgerPage />} />,
  'akun-pemetaan': () => <SinglePage page={<AccountsPage />} />,
};

function BillingRoutes({ area }: { area: string }) {
  const AreaRoutes = AREA_ROUTES[area as BillingArea];
  return AreaRoutes ? <AreaRoutes /> : <RedirectHome />;
}

export default withOwnAntd(ConfigProvider, BillingRoutes);
