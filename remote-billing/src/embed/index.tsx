import { createBridgeComponent } from '@module-federation/bridge-react/v19';
import { BillingEmbed } from './BillingEmbed';
import { leaveHeadAsFound } from './cleanup';

export type { BillingEmbedProps } from './BillingEmbed';
export type { BillingEmbedEvent } from './context';

const bridge = createBridgeComponent({ rootComponent: BillingEmbed });

/**
 * `billing/embed`: the bridge's provider (render into a DOM element, destroy). Destroy also takes back the
 * style elements the view added to document.head (the toaster's), so unmount leaves the page as it found it.
 */
export default function provider() {
  const { render, destroy } = bridge();
  const restores = new Map<HTMLElement, () => void>();
  return {
    render(info: Parameters<typeof render>[0]) {
      if (!restores.has(info.dom)) restores.set(info.dom, leaveHeadAsFound());
      return render(info);
    },
    destroy(info: Parameters<typeof destroy>[0]) {
      destroy(info);
      restores.get(info.dom)?.();
      restores.delete(info.dom);
    },
  };
}
