import { type CSSProperties, type ReactNode, useState } from 'react';

/** antd's Card look in the product theme (white, 8 px radius, light border, 24 px padding). */
const PANEL_STYLE: CSSProperties = {
  background: '#fff',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: 24,
  color: 'rgba(0, 0, 0, 0.88)',
  transition: 'box-shadow 0.2s, border-color 0.2s',
};
/** antd's `boxShadowCard`, which a hoverable Card takes on hover. */
const HOVER_STYLE: CSSProperties = {
  borderColor: 'transparent',
  boxShadow: '0 1px 2px -2px rgba(0,0,0,0.16), 0 3px 6px 0 rgba(0,0,0,0.12), 0 5px 12px 4px rgba(0,0,0,0.09)',
};

/**
 * A box that looks like antd's Card, without it: Card imports Tabs (and with it rc-tabs, rc-menu and
 * rc-dropdown), about 10 KiB gzip the login page and the dashboard do not need (README "Measuring").
 */
export function Panel({
  hoverable = false,
  style,
  children,
}: {
  hoverable?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [hovered, setHovered] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the hover shadow is decoration; what a user acts on is the link around the panel.
    <div
      style={{ ...PANEL_STYLE, ...(hoverable && hovered ? HOVER_STYLE : {}), ...style }}
      onMouseEnter={hoverable ? () => setHovered(true) : undefined}
      onMouseLeave={hoverable ? () => setHovered(false) : undefined}
    >
      {children}
    </div>
  );
}
