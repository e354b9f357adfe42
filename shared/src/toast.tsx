import type { CSSProperties, ReactNode } from 'react';
import { ToastBar, Toaster, toast } from 'react-hot-toast';

/**
 * antd's default text style, written out: toasts are part of the UI-free core (the login page shows
 * them before antd is loaded).
 */
const TOAST_FONT = {
  family:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  size: 14,
  color: 'rgba(0, 0, 0, 0.88)',
};

/**
 * Toasts (docs/money.md#constants-and-limits, first reading): auto-close after 5000 ms, top-right, newest on
 * top, dismissed by a click or tap, no duplicate suppression. The "centered" toasts (docs/validation.md: the
 * password change, the successes and list load errors of the fee, billing and admission screens) pass
 * `{ centered: true }` and show at the top centre of the page.
 */
export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  /** The "centered" toasts (docs/validation.md): top centre instead of top right. */
  centered?: boolean;
}

const placement = (options: ToastOptions | undefined) =>
  options?.centered ? ({ position: 'top-center' } as const) : {};

const blockStyle: CSSProperties = { display: 'block' };

function ToastText({ title, message }: { title?: string | undefined; message: string }) {
  return (
    <span style={blockStyle}>
      {title ? <strong style={blockStyle}>{title}</strong> : null}
      {/* One line per '\n', as `apiErrorText` splits the server's comma-separated messages. */}
      <span style={{ ...blockStyle, whiteSpace: 'pre-line' }}>{message}</span>
    </span>
  );
}

export function notifySuccess(message: string, options?: ToastOptions): string {
  return toast.success(<ToastText message={message} />, placement(options));
}

/** An error, optionally titled ('Error' on most screens); `message` may hold several lines. */
export function notifyError(message: string, title?: string, options?: ToastOptions): string {
  // Errors interrupt the screen reader; the other toasts wait politely (react-hot-toast's default).
  return toast.error(<ToastText title={title} message={message} />, {
    ariaProps: { role: 'alert', 'aria-live': 'assertive' },
    ...placement(options),
  });
}

export function notifyWarning(message: string, options?: ToastOptions): string {
  return toast(<ToastText message={message} />, { icon: '⚠️', ...placement(options) });
}

/** Covers the whole toast, so a click or tap anywhere dismisses it, and is reachable by Tab. */
const dismissCoverStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  justifyContent: 'flex-end',
  alignItems: 'flex-start',
  padding: '2px 6px',
  background: 'transparent',
  border: 0,
  borderRadius: 8,
  font: 'inherit',
  fontSize: 16,
  lineHeight: 1,
  color: '#888',
  cursor: 'pointer',
};

/**
 * Renders the toasts; mount it once per page (AppProviders does), or `contained` in a box of its own. The message stays in
 * react-hot-toast's aria-live region; a transparent button over
 * the toast ('Tutup notifikasi') dismisses it by click, tap or keyboard.
 */
export function AppToaster({ contained = false }: { contained?: boolean } = {}): ReactNode {
  // Toasts render outside antd's components: give them antd's type (the page body has none).
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      // Contained: over the nearest positioned box (a view embedded in another page), not the whole window.
      containerStyle={contained ? { position: 'absolute' } : undefined}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: {
          position: 'relative',
          maxWidth: 420,
          paddingRight: 20,
          fontFamily: TOAST_FONT.family,
          fontSize: TOAST_FONT.size,
          color: TOAST_FONT.color,
        },
      }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              <button
                type="button"
                aria-label="Tutup notifikasi"
                style={dismissCoverStyle}
                onClick={() => toast.dismiss(t.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
