import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * Solid colours with white text: antd's light preset tags miss WCAG 2 AA (green text on light green is
 * 3.4:1). Green 6.2:1, red 5.9:1, orange (Terlambat) 5.4:1 with white.
 */
export const STATUS_TAG_COLORS = { green: '#237804', red: '#cf1322', orange: '#ad4e00' } as const;

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
