import type { RoleSlug } from './roles';

/** The sidebar's groups, in the order the product shows them (docs/screens.md, "Layout"). */
export const MENU_GROUPS = [
  { key: 'master-data', label: 'Master Data', order: 10 },
  { key: 'laporan', label: 'Laporan', order: 30 },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

/**
 * One screen area: a top-level route and, when it has one, its sidebar entry. Each app declares its own
 * areas beside its routes; the host builds its route table and its menu from them (docs/architecture.md).
 */
export interface ScreenArea {
  /** The route under the layout, no leading slash: 'employee' (with its sub-paths) or an exact document path. */
  path: string;
  /** What the page and the area's loading or error message call it. */
  title: string;
  /** The name the app's routes receive; defaults to `path` (several document paths share one). */
  area?: string;
  /** Only this path, no sub-paths (the printed documents under the billing paths). */
  exact?: boolean;
  /** Its sidebar entry: top level or in a group, placed by `order` (ascending) among its neighbours. */
  menu?: { group?: MenuGroupKey; order: number; label?: string };
  /** The area whose sidebar entry stays marked while this one is open (a class's students: 'class'). */
  marks?: string;
  /** Who may open it, besides being a finance editor; absent: every finance editor. */
  roles?: readonly RoleSlug[];
}

/** Whether a user with these roles may open the area (its menu entry is hidden otherwise). */
export const areaAllows = (area: Pick<ScreenArea, 'roles'>, roleSlugs: readonly string[]): boolean =>
  !area.roles || roleSlugs.some((slug) => (area.roles as readonly string[]).includes(slug));

/** Declares an app's areas, keeping their paths as literal types for its routes' table. */
export const defineAreas = <const T extends readonly ScreenArea[]>(areas: T): T => areas;
