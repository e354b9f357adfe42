// First: what document.head holds before the view's libraries are evaluated.
import './head-at-load';
import { createBridgeComponent } from '@module-federation/bridge-react/v19';
import { BillingEmbed } from './BillingEmbed';
import { viewMounted, viewUnmounted } from './cleanup';

export type * from './types';

const bridge = createBridgeComponent({ rootComponent: BillingEmbed });

/**
 * `billing/embed`: the bridge's provider (render into a DOM element, destroy). antd writes into the view's
 * own container; the style elements other libraries add to document.head leave with the last view.
 */
export default function provider() {
  const { render, destroy } = bridge();
  const rendered = new Set<HTMLElement>();
  return {
    render(info: Parameters<typeof render>[0]) {
      if (!rendered.has(info.dom)) {
        rendered.add(info.dom);
        viewMounted();
      }
      return render(info);
    },
    destroy(info: Parameters<typeof destroy>[0]) {
      destroy(info);
      if (rendered.delete(info.dom)) viewUnmounted();
    },
  };
}
