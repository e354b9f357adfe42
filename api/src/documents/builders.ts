/**
 * Every PDF and spreadsheet the API makes, by name: plain data in, the file's bytes out. They run in the
 * document worker threads (pool.ts), never on the thread that answers requests: building a large workbook
 * takes seconds of CPU, and payments on the same instance must not wait for it.
 */
import { auditWorkbook } from '../audit/xlsx';
import { bankReconciliationWorkbook } from '../bank-reconciliation/xlsx';
import { billPdf, billsPdf } from '../billing/bills/pdf';
import { journalWorkbook } from '../books/xlsx';
import { depositPdf } from '../cash-closing/deposit-pdf';
import { closingPdf } from '../cash-closing/pdf';
import { discountReportWorkbook } from '../discount-rules/xlsx';
import { paymentPdf } from '../document-links/pdf';
import { prospectWorkbook } from '../prospects/xls';
import { reminderLettersPdf } from '../reminders/pdf';
import { prospectReportWorkbook, studentReportWorkbook } from '../reports/xlsx';
import { statementPdf } from '../statement/pdf';
import { creditReportWorkbook } from '../student-credit/xlsx';

export const DOCUMENT_BUILDERS = {
  auditWorkbook,
  bankReconciliationWorkbook,
  billPdf,
  billsPdf,
  closingPdf,
  creditReportWorkbook,
  depositPdf,
  discountReportWorkbook,
  journalWorkbook,
  paymentPdf,
  prospectReportWorkbook,
  prospectWorkbook,
  reminderLettersPdf,
  statementPdf,
  studentReportWorkbook,
};

export type DocumentKind = keyof typeof DOCUMENT_BUILDERS;

/** One job of the pool: which document, with the arguments of its builder. */
export interface DocumentJob {
  kind: DocumentKind;
  args: unknown[];
}
