import { createCache, StyleProvider } from '@ant-design/cssinjs';
import {
  ApiContext,
  AppProviders,
  apiErrorText,
  createApiClient,
  DEFAULT_TIME_ZONE,
  EMBED_MESSAGES,
  type EmbedSession,
  errorStatus,
} from '@keuangan/shared';
import { Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { OnDemand, onDemand, retryFailedParts } from '../OnDemand';
import { type EmbeddedStudent, StudentBillsPage } from '../student/StudentBillsPage';
import { fetchEmbedSession } from './api';
import { EmbedContext } from './context';
import type { BillingEmbedError, BillingEmbedEvent, BillingEmbedProps } from './types';
import { RetryNotice, VIEW_FAILED_TEXT, ViewErrorBoundary } from './ViewErrorBoundary';

// What the view shows first is the student's bills; the rest is fetched when it is opened (OnDemand).
const BillDetailPage = onDemand(() =>
  import('../detail/BillDetailPage').then((m) => ({ default: m.BillDetailPage })),
);
const PaymentHistoryPage = onDemand(() =>
  import('../history/PaymentHistoryPage').then((m) => ({ default: m.PaymentHistoryPage })),
);
const StatementPage = onDemand(() =>
  import('../statement/StatementPage').then((m) => ({ default: m.StatementPage })),
);
const Refusal = onDemand(() => import('./Refusal'));

export const INVALID_SESSION_TEXT = 'Sesi tidak valid. Muat ulang halaman atau masuk kembali.';

const CODE_OF_MESSAGE: Record<string, BillingEmbedError['code']> = {
  [EMBED_MESSAGES.expired]: 'token-expired',
  [EMBED_MESSAGES.revokedToken]: 'token-revoked',
  [EMBED_MESSAGES.wrongBranch]: 'wrong-branch',
  [EMBED_MESSAGES.wrongStudent]: 'wrong-student',
  [EMBED_MESSAGES.invalid]: 'token-invalid',
};

/** Why a call failed, as the view says it: the server's words for a token it refused, else a hint. */
export function embedErrorOf(error: unknown): BillingEmbedError {
  const status = errorStatus(error);
  const message = apiErrorText(error);
  const code = CODE_OF_MESSAGE[message];
  if (code) return { code, message };
  if (status === 401 || status === 403) return { code: 'token-invalid', message: INVALID_SESSION_TEXT };
  return { code: 'unreachable', message };
}

/** The codes of a token refused: only these are `session-invalid` (an unreachable server is not). */
const TOKEN_REFUSED: readonly BillingEmbedError['code'][] = [
  'token-invalid',
  'token-expired',
  'token-revoked',
];

type ViewState =
  | { state: 'checking' }
  | { state: 'ready'; session: EmbedSession }
  | { state: 'failed'; error: BillingEmbedError };

/**
 * The student-billing view another module mounts (remote-billing README "Embedding"). Per mount it keeps its
 * own API client holding the token in memory (never the page's storage, cookies or globals), its own router
 * under the embedding page's base path, and antd's styles in its own container (they leave with it). It asks
 * the API first what the token may do for this student; a refused token is said inside the view.
 */
export function BillingEmbed(props: BillingEmbedProps) {
  const {
    baseUrl,
    token,
    allowPayment = false,
    onEvent,
    onError,
    routing = 'browser',
    basename = '/',
  } = props;
  const [view, setView] = useState<ViewState>({ state: 'checking' });
  // Coba lagi after the session check found no server: the check runs again.
  const [attempt, setAttempt] = useState(0);
  // antd writes its styles beside the view, with a cache of this mount: a later mount writes them again.
  const [styleContainer, setStyleContainer] = useState<HTMLDivElement | null>(null);
  const cache = useMemo(() => createCache(), []);
  // The page's handlers, current without making the client or the check run again.
  const handlers = useRef({ onEvent, onError });
  handlers.current = { onEvent, onError };

  const client = useMemo(() => {
    // Tells the page (the `error` event and onError; `session-invalid` only for a refused token).
    const report = (error: BillingEmbedError) => {
      handlers.current.onEvent?.({ type: 'error', ...error });
      if (TOKEN_REFUSED.includes(error.code)) handlers.current.onEvent?.({ type: 'session-invalid' });
      handlers.current.onError?.(error);
    };
    const fail = (error: BillingEmbedError) => {
      setView({ state: 'failed', error });
      report(error);
    };
    return {
      fail,
      report,
      api: createApiClient({
        baseUrl: baseUrl.replace(/\/+$/, ''),
        token: () => token,
        // A token revoked or expired while the view is open: the view says so at once.
        onUnauthorized: (error) => fail(embedErrorOf(error)),
      }),
    };
  }, [baseUrl, token]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Coba lagi) runs the check again
  useEffect(() => {
    const controller = new AbortController();
    setView({ state: 'checking' });
    fetchEmbedSession(client.api, props.studentId, controller.signal)
      .then((session) => setView({ state: 'ready', session }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A 401 reports itself through onUnauthorized; the rest (403, network) here.
        if (errorStatus(error) !== 401) client.fail(embedErrorOf(error));
      });
    return () => controller.abort();
  }, [client, props.studentId, attempt]);

  const embed = useMemo(
    () => ({
      // Only a kasir token (or a staff session) takes counter payments: a portal's token shows the bills.
      canPay: allowPayment && view.state === 'ready' && view.session.counter_payments,
      // Bayar Online: any token that may pay (docs/online-payments.md, "Bayar Online").
      canPayOnline: allowPayment && view.state === 'ready' && view.session.scope === 'billing:pay',
      cashierName: view.state === 'ready' ? view.session.cashier_name : null,
      emit: (event: BillingEmbedEvent) => handlers.current.onEvent?.(event),
      timeZone: view.state === 'ready' ? view.session.branch.time_zone : DEFAULT_TIME_ZONE,
    }),
    [allowPayment, view],
  );
  const Router = routing === 'memory' ? MemoryRouter : BrowserRouter;

  return (
    <div className="keuangan-billing-embed">
      <div ref={setStyleContainer} hidden />
      {styleContainer ? (
        <StyleProvider container={styleContainer} cache={cache}>
          <AppProviders contained>
            <ViewErrorBoundary
              onFailure={() => client.report({ code: 'unreachable', message: VIEW_FAILED_TEXT })}
              onRetry={retryFailedParts}
            >
              {view.state === 'checking' ? (
                <Spin aria-busy="true" />
              ) : view.state === 'failed' && view.error.code === 'unreachable' ? (
                <RetryNotice message={view.error.message} onRetry={() => setAttempt((n) => n + 1)} />
              ) : view.state === 'failed' ? (
                <OnDemand>
                  <Refusal message={view.error.message} />
                </OnDemand>
              ) : (
                <ApiContext.Provider value={client.api}>
                  <EmbedContext.Provider value={embed}>
                    <Router basename={routing === 'memory' ? undefined : basename}>
                      <OnDemand>
                        <EmbedRoutes {...props} />
                      </OnDemand>
                    </Router>
                  </EmbedContext.Provider>
                </ApiContext.Provider>
              )}
            </ViewErrorBoundary>
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
      <Route path="student-billing/statement/:studentId" element={<StatementPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
