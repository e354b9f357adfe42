/** Role slugs and the capabilities derived from them (docs/roles.md#embed-tokens). Used by screens and server alike. */
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

/** Roles offered by the staff add form and the staff edit form (they differ: docs/screens.md#staff-add, #staff-edit). */
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

/** Who may read the audit log (beside the others' role lists: the host's route table reads it at start). */
export const AUDIT_VIEWER_ROLES: readonly RoleSlug[] = ['superadmin', 'admin'];
export const canViewAuditLog = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, AUDIT_VIEWER_ROLES);

/** May close another cashier's day and reopen a closed one (Rekap Kas Harian). Here, not beside the closing's
 * schemas: the host's route table reads it at start, and those schemas would come with it (README "Measuring"). */
export const CASH_MANAGER_ROLES: readonly RoleSlug[] = ['superadmin', 'admin', 'manager', 'finance-manager'];
export const isCashManager = (roleSlugs: readonly string[]): boolean => hasAny(roleSlugs, CASH_MANAGER_ROLES);

/** Who may choose a branch's online-payment gateway and channels (docs/roles.md "Online payments"). */
export const ONLINE_SETTINGS_ROLES: readonly RoleSlug[] = ['superadmin', 'admin'];
export const canManageOnlineSettings = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, ONLINE_SETTINGS_ROLES);

export const isFinanceEditor = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, FINANCE_EDITOR_ROLES);
export const canAssignRoles = (roleSlugs: readonly string[]): boolean =>
  hasAny(roleSlugs, ROLE_ASSIGNER_ROLES);

/** Each role's name as staff read it (the demo data's role titles, the audit log's Peran). */
export const ROLE_TITLES: Readonly<Record<RoleSlug, string>> = {
  superadmin: 'Super Admin',
  admin: 'Administrator',
  manager: 'Manajer',
  headfoundation: 'Ketua Yayasan',
  principal: 'Kepala Sekolah',
  headmaster: 'Kepala Unit',
  'finance-manager': 'Manajer Keuangan',
  finance: 'Staf Keuangan',
  'academic-manager': 'Manajer Akademik',
  academic: 'Staf Akademik',
  lecture: 'Guru',
  'homeroom-teacher': 'Wali Kelas',
};

/**
 * Seniority of each role, 1 the most senior. Who may change or delete whom (api/ROUTES.md, "Who may change
 * whom"): a staff member can be edited, deleted or given a photo only by someone more senior than every role
 * they hold, and a role can be granted or taken away only by someone more senior than that role. The superadmin
 * is above everyone, other superadmins included. Staff without roles are below everyone.
 */
export const ROLE_SENIORITY: Readonly<Record<RoleSlug, number>> = {
  superadmin: 1,
  admin: 2,
  manager: 3,
  headfoundation: 3,
  principal: 4,
  headmaster: 4,
  'finance-manager': 5,
  'academic-manager': 5,
  finance: 6,
  academic: 7,
  lecture: 7,
  'homeroom-teacher': 7,
};

const NO_ROLE = Number.POSITIVE_INFINITY;

/** The seniority of the most senior of these roles (unknown slugs count as no role). */
const seniorityOf = (roleSlugs: readonly string[]): number =>
  Math.min(NO_ROLE, ...roleSlugs.map((s) => ROLE_SENIORITY[s as RoleSlug] ?? NO_ROLE));

/** May a user holding `callerRoles` grant or take away `role`? */
export const canGrantRole = (callerRoles: readonly string[], role: string): boolean =>
  callerRoles.includes('superadmin') || seniorityOf(callerRoles) < seniorityOf([role]);

/** May a user holding `callerRoles` change or delete a staff member holding `staffRoles`? */
export const canManageStaff = (callerRoles: readonly string[], staffRoles: readonly string[]): boolean =>
  callerRoles.includes('superadmin') || seniorityOf(callerRoles) < seniorityOf(staffRoles);
