import { areaAllows, MENU_GROUPS, type ScreenArea } from '@keuangan/shared/contract';
import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';
import { HOST_AREAS, REMOTE_AREAS } from '../screens';

/** A leaf of the sidebar: a route (and areas that belong to it, e.g. a class's students). */
interface MenuLeaf {
  path: string;
  label: string;
  alsoFor: string[];
}

interface MenuGroup {
  key: string;
  label: string;
  children: MenuLeaf[];
}

type MenuEntry = MenuLeaf | MenuGroup;

const ALL_AREAS: readonly ScreenArea[] = [...HOST_AREAS, ...Object.values(REMOTE_AREAS).flat()];

/**
 * The sidebar of docs/screens.md (Layout) for a user, from the apps' declared areas: each entry by its
 * `menu.order`, groups among the top-level entries by theirs; areas the user's roles may not open left out.
 */
export function sidebarMenu(roleSlugs: readonly string[], areas = ALL_AREAS): MenuEntry[] {
  const leaf = (area: ScreenArea): MenuLeaf => ({
    path: `/${area.path}`,
    label: area.menu?.label ?? area.title,
    alsoFor: areas.filter((other) => other.marks === area.path).map((other) => `/${other.path}`),
  });
  const shown = areas
    .filter((area) => area.menu && areaAllows(area, roleSlugs))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const top = shown
    .filter((area) => !area.menu?.group)
    .map((area) => ({ order: area.menu?.order ?? 0, entry: leaf(area) as MenuEntry }));
  const groups = MENU_GROUPS.map((group) => ({
    order: group.order,
    entry: {
      key: group.key,
      label: group.label,
      children: shown.filter((area) => area.menu?.group === group.key).map(leaf),
    },
  })).filter(({ entry }) => entry.children.length > 0);
  return [...top, ...groups].sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

/** A group's leaf: as high as its label needs, at least antd's 40 px. */
const WRAPPING_LEAF = {
  height: 'auto',
  minHeight: 40,
  lineHeight: '20px',
  paddingBlock: 10,
  whiteSpace: 'normal',
} as const;

/** antd Menu items for a user: every leaf is a real link (middle-click, screen readers); its key is its path. */
export const menuItemsFor = (roleSlugs: readonly string[]): MenuProps['items'] =>
  sidebarMenu(roleSlugs).map((entry) =>
    isGroup(entry)
      ? {
          key: entry.key,
          label: entry.label,
          children: entry.children.map((leaf) => ({
            key: leaf.path,
            label: <Link to={leaf.path}>{leaf.label}</Link>,
            // Indented, a long label would be cut to the same "Laporan Billing Peserta…": it wraps instead.
            style: WRAPPING_LEAF,
          })),
        }
      : { key: entry.path, label: <Link to={entry.path}>{entry.label}</Link> },
  );

const belongsTo = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** The menu leaf (its path) and the group holding it, for the current location. */
export function menuSelection(
  pathname: string,
  roleSlugs: readonly string[] = [],
): { selected: string | null; group: string | null } {
  for (const entry of sidebarMenu(roleSlugs)) {
    const leaves = isGroup(entry) ? entry.children : [entry];
    const leaf = leaves.find((l) => [l.path, ...l.alsoFor].some((p) => belongsTo(pathname, p)));
    if (leaf) return { selected: leaf.path, group: isGroup(entry) ? entry.key : null };
  }
  return { selected: null, group: null };
}
