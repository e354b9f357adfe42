/**
 * The screen addresses of the printed documents (receipts, notes), built and read here only: billing links to
 * them, the receipts remote answers and parses them (docs/architecture.md#the-route-table).
 */
import { type PsbEventStype, STYPE_ADMISSION, STYPE_TRANSFER } from './admissions';

/** Which document an address asks for. */
export type DocumentRequest =
  | { kind: 'student-receipt'; billId: number; paymentId: number }
  | { kind: 'student-note'; billId: number; paymentId: number; noteType: 1 | 2 }
  | { kind: 'prospect-receipt'; billId: number; paymentId: number };

const STUDENT_BILLS = 'student-billing';
/** A prospect's bills by event type: Billing Peserta PSB or Billing Peserta Mutasi. */
const PROSPECT_BILLS: Record<PsbEventStype, string> = {
  [STYPE_ADMISSION]: 'prospective-billing',
  [STYPE_TRANSFER]: 'mutation-billing',
};
const RECEIPT = 'receipt-show';
const NOTE = 'bill-show';

/** The documents' route patterns, relative to the app root (the receipts remote's areas). */
export const DOCUMENT_ROUTE_PATTERNS = {
  studentReceipt: `${STUDENT_BILLS}/show/:id/${RECEIPT}`,
  studentNote: `${STUDENT_BILLS}/show/:id/${NOTE}`,
  prospectReceipt: `${PROSPECT_BILLS[STYPE_ADMISSION]}/show/:id/${RECEIPT}`,
  transferReceipt: `${PROSPECT_BILLS[STYPE_TRANSFER]}/show/:id/${RECEIPT}`,
} as const;

/** The address of a document; a prospect's receipt sits under its event type's billing screen. */
export function documentPath(request: DocumentRequest, stype: PsbEventStype = STYPE_ADMISSION): string {
  const { billId, paymentId } = request;
  if (request.kind === 'prospect-receipt') {
    return `/${PROSPECT_BILLS[stype]}/show/${billId}/${RECEIPT}?prospectiveBillingPaymentId=${paymentId}`;
  }
  const base = `/${STUDENT_BILLS}/show/${billId}`;
  return request.kind === 'student-receipt'
    ? `${base}/${RECEIPT}?studentBillingPaymentId=${paymentId}`
    : `${base}/${NOTE}?studentBillingPaymentId=${paymentId}&type=${request.noteType}`;
}

const ID = /^[1-9]\d{0,8}$/;
const STUDENT_PATH = new RegExp(`/${STUDENT_BILLS}/show/([^/]+)/(${RECEIPT}|${NOTE})/?$`);
const PROSPECT_PATH = new RegExp(
  `/(?:${Object.values(PROSPECT_BILLS).join('|')})/show/([^/]+)/${RECEIPT}/?$`,
);

/** Reads the document from an address (path and query); a missing or malformed id is no document. */
export function parseDocumentPath(pathname: string, search: URLSearchParams): DocumentRequest | null {
  const student = STUDENT_PATH.exec(pathname);
  const prospect = PROSPECT_PATH.exec(pathname);
  const billText = student?.[1] ?? prospect?.[1] ?? '';
  const paymentText =
    (prospect ? search.get('prospectiveBillingPaymentId') : search.get('studentBillingPaymentId')) ?? '';
  if (!ID.test(billText) || !ID.test(paymentText)) return null;
  const billId = Number(billText);
  const paymentId = Number(paymentText);
  if (prospect) return { kind: 'prospect-receipt', billId, paymentId };
  if (student?.[2] === RECEIPT) return { kind: 'student-receipt', billId, paymentId };
  return { kind: 'student-note', billId, paymentId, noteType: search.get('type') === '2' ? 2 : 1 };
}
