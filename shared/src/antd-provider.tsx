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
 * antd in Indonesian with the product theme (contrast, see theme.ts), around every page: the signed-in layout
 * and the pages outside it (login, the profile spinner and its failure, unauthorized). Stateless, so it is no
 * share of its own: the shell exports it, and the host's front door imports this file by its own path
 * (`@keuangan/shared/antd-provider`), which keeps the shell and the rest of antd off /login. Its
 * ConfigProvider comes by its own path too; the host compiles that path and the shared antd from the same
 * files, so this is the shared antd's own provider.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider {...ANTD_CONFIG}>{children}</ConfigProvider>;
}
