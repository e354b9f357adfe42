import { AUDIT_VIEWER_ROLES, defineAreas } from '@keuangan/shared/contract';

/** This remote's screen areas: the host's routes and menu are built from them (docs/architecture.md). */
export const STAFF_AREAS = defineAreas([
  { path: 'employee', title: 'Pegawai', menu: { group: 'master-data', order: 1 } },
  { path: 'audit-log', title: 'Log Audit', menu: { order: 90 }, roles: AUDIT_VIEWER_ROLES },
]);
export type StaffArea = (typeof STAFF_AREAS)[number]['path'];
