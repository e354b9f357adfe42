import { Button, Flex, Typography } from 'antd';
import { Component, type ReactNode } from 'react';

/** What the view says when a part of it could not be loaded or drawn (the billing server down, mostly). */
export const VIEW_FAILED_TEXT =
  'Bagian billing ini tidak dapat dimuat. Periksa koneksi ke server Keuangan, lalu coba lagi.';

/**
 * Inside the embedded view: a part that fails to load (its chunk) or to draw is said in Indonesian with Coba
 * lagi, in the view's box, and told to the page once (`onFailure`: the `error` event, code `unreachable`),
 * instead of the bridge's English "Something went wrong" (remote-billing README, "Embedding").
 */
export class ViewErrorBoundary extends Component<
  { children: ReactNode; onFailure: () => void; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RetryNotice
        message={VIEW_FAILED_TEXT}
        onRetry={() => {
          this.props.onRetry();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

/** A failure said in the view with Coba lagi (in the first bundle: shown when nothing more can be fetched). */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Flex vertical align="start" gap={8} role="alert" style={{ padding: 16 }}>
      <Typography.Text>{message}</Typography.Text>
      <Button onClick={onRetry}>Coba lagi</Button>
    </Flex>
  );
}
