import {
  apiErrorText,
  type DocumentRequest,
  HIDDEN_IN_PRINT,
  notifyError,
  notifySuccess,
  printPage,
  useLoad,
} from '@keuangan/shared';
import { Button, Flex, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchProspectPayment, fetchStudentPayment, recordPrint, savePayerField } from './api';
import { ReceiptSheet } from './ReceiptSheet';
import { prospectSheet, type SheetModel, studentSheet } from './sheets';

/** docs/screens.md#receipts-and-notes: the document prints itself about a second after it opens. */
export const AUTO_PRINT_DELAY_MS = 1000;

interface Loaded {
  sheet: SheetModel;
  copy: boolean;
}

/** Reads the payment; a payment of another bill than the path's is not this document. */
async function loadSheet(request: DocumentRequest, signal: AbortSignal): Promise<SheetModel | null> {
  if (request.kind === 'prospect-receipt') {
    const payment = await fetchProspectPayment(request, signal);
    return payment.prospective_billing_id === request.billId ? prospectSheet(payment) : null;
  }
  const payment = await fetchStudentPayment(request, signal);
  if (payment.student_billing_id !== request.billId) return null;
  return studentSheet(
    payment,
    request.kind === 'student-receipt' ? 'receipt' : { noteType: request.noteType },
  );
}

/**
 * One printable document: loads the payment, records the print with the server (which says whether this is
 * the original or a SALINAN), then prints itself after a second; Cetak or Ctrl+P prints again. Nothing shows
 * when the payment is not found (docs/screens.md#receipts-and-notes), but the toast says why.
 */
export function DocumentPage({ request }: { request: DocumentRequest }) {
  const navigate = useNavigate();
  // `request` is memoised by the path: a new document loads (and prints) anew.
  const load = useCallback(
    async (signal: AbortSignal): Promise<Loaded | null> => {
      const sheet = await loadSheet(request, signal);
      if (!sheet) return null;
      const printed = await recordPrint(request, signal);
      return { sheet, copy: printed.copy };
    },
    [request],
  );
  const loaded = useLoad(load);
  const [payer, setPayer] = useState<{ payerName: string; payerCity: string } | null>(null);
  // A print after the one of the opening (Cetak, Ctrl+P) is recorded too, and is a copy on paper.
  const [reprinted, setReprinted] = useState(false);
  const reprintRef = useRef<() => void>(() => {});
  const printed = useRef(false);
  const ready = loaded.state === 'done' && loaded.value !== null;

  useEffect(() => {
    if (loaded.state !== 'done' || !loaded.value) return;
    const previous = document.title;
    document.title = loaded.value.sheet.printTitle;
    return () => {
      document.title = previous;
    };
  }, [loaded]);

  // Once per opening: the automatic print a second after the document shows.
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    const timer = window.setTimeout(printPage, AUTO_PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  // Ctrl+P prints through the same path as Cetak, so the server counts it and the sheet says SALINAN.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        reprintRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (loaded.state === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="Memuat dokumen…">
          <div style={{ width: 120 }} />
        </Spin>
      </Flex>
    );
  }
  if (!ready) return null;
  const { sheet, copy } = loaded.value as Loaded;

  const reprint = async () => {
    try {
      await recordPrint(request);
      setReprinted(true);
      // After the SALINAN mark is on the page.
      window.setTimeout(printPage, 0);
    } catch (error) {
      notifyError(`Cetak tidak dapat dicatat.\n${apiErrorText(error)}`, 'Error');
    }
  };
  reprintRef.current = () => void reprint();
  const shown = payer ? { ...sheet, ...payer } : sheet;

  const savePayer = async (field: 'payer_name' | 'payer_city', value: string) => {
    try {
      const saved = await savePayerField(request, field, value);
      setPayer({ payerName: saved.payer_name, payerCity: saved.payer_city });
      notifySuccess(saved.message);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      throw error;
    }
  };

  return (
    <Flex vertical gap={12} align="flex-start">
      <Flex gap={8} {...HIDDEN_IN_PRINT}>
        <Button type="primary" onClick={() => void reprint()}>
          Cetak
        </Button>
        <Button onClick={() => navigate(-1)}>Kembali</Button>
      </Flex>
      <ReceiptSheet
        sheet={shown}
        copy={copy || reprinted}
        onSavePayer={sheet.isVoid ? undefined : savePayer}
      />
    </Flex>
  );
}
