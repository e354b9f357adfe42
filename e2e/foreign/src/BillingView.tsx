import { useEffect, useRef, useState } from 'react';
// The declaration Keuangan publishes for billing/embed (remote-billing/embed.d.ts): this page type-checks
// against it as any other module would.
import type {
  BillingEmbedEvent,
  BillingEmbedProps,
  BillingEmbedProvider,
} from '../../../remote-billing/embed';

export type { BillingEmbedProvider };

export type BillingEvent = BillingEmbedEvent;

/** How this page loads `billing/embed`: its own federation runtime's `loadRemote` (set by its bootstrap). */
let loadView: () => Promise<{ default: BillingEmbedProvider } | null | undefined> = () =>
  Promise.reject(new Error('no federation runtime'));
export function setViewLoader(load: typeof loadView) {
  loadView = load;
}

interface Props {
  basename: string;
  props: Omit<BillingEmbedProps, 'onEvent' | 'basename'>;
  onEvent: (event: BillingEmbedEvent) => void;
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
    let bridge: ReturnType<BillingEmbedProvider> | null = null;
    let live = true;
    loadView()
      .then((module) => {
        if (!live || !module) return;
        bridge = module.default();
        return bridge.render({
          dom: element,
          moduleName: 'billing/embed',
          basename,
          ...props,
          onEvent: (event: BillingEmbedEvent) => events.current(event),
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
