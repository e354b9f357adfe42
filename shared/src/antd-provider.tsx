import { APP_THEME } from '@keuangan/shared/core';
import ConfigProvider from 'antd/es/config-provider';
import idID from 'antd/es/locale/id_ID';
import type { ReactNode } from 'react';

/** A select's option matches what was typed when its label contains it, whatever the case ('tra': Transfer). */
const labelContains = (typed: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(typed.trim().toLowerCase());

/**
 * antd in Indonesian with the product theme: the props of every ConfigProvider of the product. Every select
 * can be typed into: the options narrow to the labels that contain what was typed, arrows move, Enter picks.
 */
export const ANTD_CONFIG = {
  locale: idID,
  theme: APP_THEME,
  select: { showSearch: { filterOption: labelContains } },
} as const;

/**
 * AntdProvider: antd in Indonesian with the product theme, around every page. Imported by its own path on the host's front
 * door, which keeps the shell and the rest of antd off /login; its ConfigProvider is the shared antd's own.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider {...ANTD_CONFIG}>{children}</ConfigProvider>;
}
