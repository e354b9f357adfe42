import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * Darker colours than antd's presets, whose light tags miss WCAG 2 AA (green text on light green is 3.37:1).
 * antd draws the text in the colour on the colour lightened to 95%: green 5.3:1, red 4.75:1, orange (Terlambat)
 * 4.9:1, blue (the theme's primary) 5.3:1; shared/test/ui.test.tsx computes them from what antd draws.
 */
export const STATUS_TAG_COLORS = {
  green: '#237804',
  red: '#cf1322',
  orange: '#ad4e00',
  blue: '#0958d9',
} as const;

/** A state shown as a coloured tag (Lunas / Belum Lunas, Terkonfirmasi, Diterima, ...): the one way, AA contrast. */
export function StatusTag({
  color,
  children,
}: {
  color: keyof typeof STATUS_TAG_COLORS;
  children: ReactNode;
}) {
  return <Tag color={STATUS_TAG_COLORS[color]}>{children}</Tag>;
}
