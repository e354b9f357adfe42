import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { AppProviders, sessionStore, setConfig } from '@keuangan/shared';
import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BillDetailPage } from '../detail/BillDetailPage';
import { PaymentHistoryPage } from '../history/PaymentHistoryPage';
import { type EmbeddedStudent, StudentBillsPage } from '../student/StudentBillsPage';
import { type BillingEmbedEvent, EmbedContext } from './context';

export const INVALID_SESSION_TEXT = 'Sesi tidak valid. Muat ulang halaman atau masuk kembali.';

export interface BillingEmbedProps extends EmbeddedStudent {
  /** The API server root, e.g. https://keuangan.example.sch.id (calls go to {baseUrl}/api/...). */
  baseUrl: string;
  /** A Keuangan bearer token of a finance user. */
  token: string;
  /** Whether the bill detail offers the payment form (default false). */
  allowPayment?: boolean;
  /** Hears what happens in the view ('payment-made', 'session-invalid'). */
  onEvent?: (event: BillingEmbedEvent) => void;
  /** Given by the bridge: the embedding page's path the view lives under. */
  basename?: string;
}

/**
 * The student-billing view another module mounts (README "Embedding"): its own configuration, session and
 * router under the embedding page's base path, and antd's styles in its own container (they leave with it).
 */
export function BillingEmbed(props: BillingEmbedProps) {
  const { baseUrl, token, allowPayment = false, onEvent, basename = '/' } = props;
  const [session, setSession] = useState<'checking' | 'valid' | 'invalid'>('checking');
  // antd writes its styles beside the view, with a cache of this mount: a later mount writes them again.
  const [styleContainer, setStyleContainer] = useState<HTMLDivElement | null>(null);
  const cache = useMemo(() => createCache(), []);
  const embed = useMemo(
    () => ({ allowPayment, emit: (event: BillingEmbedEvent) => onEvent?.(event) }),
    [allowPayment, onEvent],
  );

  useEffect(() => {
    let live = true;
    setConfig({ baseUrl });
    sessionStore.getState().setToken(token);
    setSession('checking');
    sessionStore
      .getState()
      .loadProfile()
      .then((ok) => {
        if (!live) return;
        setSession(ok ? 'valid' : 'invalid');
        if (!ok) onEvent?.({ type: 'session-invalid' });
      });
    return () => {
      live = false;
      // The token is the embedding page's to keep: nothing of it stays in this origin's storage.
      sessionStore.getState().logout();
    };
  }, [baseUrl, token, onEvent]);

  return (
    <div className="keuangan-billing-embed">
      <div ref={setStyleContainer} hidden />
      {styleContainer ? (
        <StyleProvider container={styleContainer} cache={cache}>
          <AppProviders>
            {session === 'checking' ? (
              <Spin aria-busy="true" />
            ) : session === 'invalid' ? (
              <Result status="warning" title={INVALID_SESSION_TEXT} />
            ) : (
              <EmbedContext.Provider value={embed}>
                <BrowserRouter basename={basename}>
                  <EmbedRoutes {...props} />
                </BrowserRouter>
              </EmbedContext.Provider>
            )}
          </AppProviders>
        </StyleProvider>
      ) : null}
    </div>
  );
}

/** The host's paths, under the embedding page's base path: the shared screens' links work unchanged. */
function EmbedRoutes({ studentId, departmentId, yearOfStudyId }: EmbeddedStudent) {
  const list = (
    <StudentBillsPage studentId={studentId} departmentId={departmentId} yearOfStudyId={yearOfStudyId} />
  );
  return (
    <Routes>
      <Route index element={list} />
      <Route path="student-billing" element={list} />
      <Route path="student-billing/show/:id" element={<BillDetailPage />} />
      <Route path="student-billing-payment-history-detail/:query" element={<PaymentHistoryPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
