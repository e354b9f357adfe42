/** Role slugs and the capabilities derived from them (spec part 1, section 6). Used by screens and server alike. */
export const ROLE_SLUGS = [
  'superadmin',
  'admin',
  'manager',
  'headfoundation',
  'principal',
  'headmaster',
  'finance-manager',
  'finance',
  'academic-manager',
  'academic',
  'lecture',
  'homeroom-teacher',
] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/** May use the main layout, save staff forms and see the staff edit button. */
export const FINANCE_EDITOR_ROLES: readonly RoleSlug[] = [
  'superadmin',
  'admin',
  'manager',
  'headfoundation',
  'principal',
  'headmaster',
  'finance-manager',
  'finance',
];

/** May see and use the role checkboxes on staff forms. */
export const ROLE_ASSIGNER_ROLES: readonly RoleSlug[] = [
  'superadmin',
  'admin',
  'manager',
  'headfoundation',
  'principal',
  'headmaster',
  'academic-manager',
];

/** Roles offered by the staff add form and the staff edit form (they differ in the spec). */
export const ASSIGNABLE_ROLES_ON_ADD: readonly RoleSlug[] = ['academic-manager', 'academic'];
export const ASSIGNABLE_ROLES_ON_EDIT: readonly RoleSlug[] = ['finance-manager', 'finance'];

/** Role badges shown in the staff list, and the roles listed on the staff view. */
export const STAFF_LIST_BADGE_ROLES: readonly RoleSlug[] = [
  'headfoundation',
  'principal',
  'headmaster',
  'finance-manager',
  'finance',
];
export const STAFF_VIEW_ROLES: readonly RoleSlug[] = [
  'headfoundation',
  'principal',
  'headmaster',
  'academic-manager',
  'academic',
  'lecture',
  'homeroom-teacher',
];

const hasAny = (slugs: readonly string[], allowed: readonly string[]) =>
  slugs.some((s) => allowed.includes(s));

export const isFinanceEditor = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, FINANCE_EDITOR_ROLES);
export const canAssignRoles = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, ROLE_ASSIGNER_ROLES);
