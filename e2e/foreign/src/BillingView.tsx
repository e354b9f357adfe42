import { loadRemote } from '@module-federation/enhanced/runtime';
import { useEffect, useRef, useState } from 'react';

/** What `billing/embed` exports: the React bridge's provider. */
type BillingProvider = () => {
  render(info: Record<string, unknown> & { dom: HTMLElement; basename?: string }): Promise<void>;
  destroy(info: { dom: HTMLElement; moduleName: string }): void;
};

export interface BillingEvent {
  type: string;
  paymentId?: number;
  amount?: number;
  code?: string;
}

interface Props {
  basename: string;
  props: Record<string, unknown>;
  onEvent: (event: BillingEvent) => void;
}

/** Mounts Keuangan's billing view into an element of this page and destroys it on unmount. */
export function BillingView({ basename, props, onEvent }: Props) {
  const dom = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const events = useRef(onEvent);
  events.current = onEvent;

  useEffect(() => {
    const element = dom.current;
    if (!element) return;
    let bridge: ReturnType<BillingProvider> | null = null;
    let live = true;
    loadRemote<{ default: BillingProvider }>('billing/embed')
      .then((module) => {
        if (!live || !module) return;
        bridge = module.default();
        return bridge.render({
          dom: element,
          moduleName: 'billing/embed',
          basename,
          ...props,
          onEvent: (event: BillingEvent) => events.current(event),
        });
      })
      .catch((reason: unknown) => setError(String(reason)));
    return () => {
      live = false;
      bridge?.destroy({ dom: element, moduleName: 'billing/embed' });
    };
  }, [basename, props]);

  return (
    <>
      {error ? <p role="alert">Billing tidak dapat dimuat: {error}</p> : null}
      <div ref={dom} data-testid="billing-view" />
    </>
  );
}
