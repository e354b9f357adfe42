import { apiErrorText, type DocumentLinkKind, notifyError } from '@keuangan/shared';
import { Button, Flex } from 'antd';
import { useDocumentLinks } from './api';

/**
 * The Kuitansi and Nota of a payment inside the embedded view: our receipt pages live in our host, so the view
 * asks the API for a one-use link (`POST /api/document-links`) and opens the PDF in a new tab, without its
 * token in any address. The tab opens inside the click (a tab opened after the call would be taken for a
 * pop-up) and is pointed at the link once it is issued.
 */
export function PaymentDocumentLinks({
  paymentId,
  paymentNumber,
}: {
  paymentId: number;
  paymentNumber: string;
}) {
  const links = useDocumentLinks();
  const open = async (kind: DocumentLinkKind) => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      tab.document.title = 'Memuat dokumen…';
      tab.document.body.textContent = 'Memuat dokumen…';
    }
    try {
      const url = links.urlOf(await links.mint(kind, paymentId));
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      notifyError(`Dokumen tidak dapat dibuka.\n${apiErrorText(error)}`, 'Error');
    }
  };
  return (
    <Flex gap={12} wrap>
      <Button
        type="link"
        size="small"
        onClick={() => open('kuitansi')}
        aria-label={`Kuitansi ${paymentNumber}`}
      >
        Kuitansi
      </Button>
      <Button type="link" size="small" onClick={() => open('nota')} aria-label={`Nota ${paymentNumber}`}>
        Nota
      </Button>
    </Flex>
  );
}
