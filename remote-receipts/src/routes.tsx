import { parseDocumentPath, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { DocumentPage } from './documents/DocumentPage';

/**
 * The printable documents (Kuitansi Siswa, Nota Siswa 1 and 2, Kuitansi Calon Siswa). The host mounts this
 * remote at the documents' own paths under the billing screens (docs/screens.md); the document is read from
 * the path and query, so the same component serves the host and this remote's own development page.
 */
function ReceiptsRoutes(_: { area: string }) {
  const { pathname, search } = useLocation();
  const request = useMemo(() => parseDocumentPath(pathname, new URLSearchParams(search)), [pathname, search]);
  // No such payment: the page shows nothing (docs/screens.md#receipts-and-notes).
  if (!request) return null;
  return <DocumentPage key={`${request.kind}-${request.paymentId}`} request={request} />;
}

export default withOwnAntd(ConfigProvider, ReceiptsRoutes);
