/** The routes of sessions, references, people and admissions (docs/architecture.md#the-route-table). */
import type { PsbEvent, PsbEventProspective } from '../admissions';
import { ProspectXUpdateSchema } from '../admissions';
import type { AuditLogEntry, AuditLogUser } from '../audit';
import type { Role } from '../auth';
import type { SchoolClass } from '../class';
import { ClassSchema } from '../class';
import type { DashboardSummary, MessageResponse, Paged, RefItem } from '../common';
import type { DocumentLink, EmbedSession, EmbedTokenCreated, EmbedTokenEntry } from '../embed';
import { DocumentLinkSchema, EmbedTokenCreateSchema } from '../embed';
import { type Employee, EmployeeCreateSchema, EmployeeUpdateSchema } from '../employee';
import type {
  BatchRef,
  ClassRef,
  DepartmentRef,
  FeeTypeRef,
  LevelRef,
  YearOfStudyRef,
  YosPeriode,
} from '../reference';
import type { Student } from '../student';
import { StudentCreateSchema, StudentUpdateSchema } from '../student';
import { answer, del, get, post, put } from './define';

/** The filters' and forms' reference lists. */
export const REFERENCE_ROUTES = {
  departments: get('/api/ref-department-getall', answer<DepartmentRef[]>()),
  yearsOfStudy: get('/api/ref-year-of-study-getall', answer<YearOfStudyRef[]>()),
  levels: get('/api/ref-level-getall', answer<LevelRef[]>()),
  periods: get('/api/ref-yos-periode-getall', answer<YosPeriode[]>()),
  classes: get('/api/ref-class-getall', answer<ClassRef[]>()),
  religions: get('/api/ref-religions-getall', answer<RefItem[]>()),
  ethnics: get('/api/ref-ethnics-getall', answer<RefItem[]>()),
  roles: get('/api/ref-roles-getall', answer<Role[]>()),
  feeTypes: get('/api/ref-fee-types-getall', answer<FeeTypeRef[]>()),
  /** The admission screens' paged lists. */
  departmentPage: get('/api/department', answer<Paged<DepartmentRef>>()),
  department: get('/api/department/:id', answer<DepartmentRef>()),
  levelPage: get('/api/level', answer<Paged<LevelRef>>()),
  yearOfStudyPage: get('/api/year_of_study', answer<Paged<YearOfStudyRef>>()),
  psbEvents: get('/api/psb-event', answer<Paged<PsbEvent>>()),
  psbEventYears: get('/api/psb-event-years', answer<number[]>()),
  batches: get('/api/batch', answer<Paged<BatchRef>>()),
};

export const PEOPLE_ROUTES = {
  students: get('/api/student', answer<Paged<Student>>()),
  createStudent: post('/api/student', answer<Student>(), { body: StudentCreateSchema }),
  student: get('/api/student/:id', answer<Student>()),
  updateStudent: put('/api/student/:id', answer<Student>(), { body: StudentUpdateSchema }),
  studentsByClass: get('/api/student-by-class', answer<Paged<Student>>()),
  classes: get('/api/class', answer<Paged<SchoolClass>>()),
  class: get('/api/class/:id', answer<SchoolClass>()),
  createClass: post('/api/class', answer<SchoolClass>(), { body: ClassSchema }),
  updateClass: put('/api/class/:id', answer<SchoolClass>(), { body: ClassSchema }),
  deleteClass: del('/api/class/:id', answer<MessageResponse>()),
  employees: get('/api/employee', answer<Paged<Employee>>()),
  employee: get('/api/employee/:id', answer<Employee>()),
  createEmployee: post('/api/employee', answer<Employee>(), { body: EmployeeCreateSchema }),
  updateEmployee: put('/api/employee/:id', answer<Employee>(), { body: EmployeeUpdateSchema }),
  deleteEmployee: del('/api/employee/:id', answer<MessageResponse>()),
  employeePhoto: post('/api/employee-photo/:id', answer<Employee>()),
  prospects: get('/api/psb-event-prospective', answer<Paged<PsbEventProspective>>()),
  prospect: get('/api/psb-event-prospective/:id', answer<PsbEventProspective>()),
  updateProspectField: post('/api/psb-event-prospective-xupdate/:id', answer<PsbEventProspective>(), {
    body: ProspectXUpdateSchema,
  }),
  deleteProspect: del('/api/psb-event-prospective/:id', answer<MessageResponse>()),
  prospectsXlsx: get('/api/psb-event-prospective-xls', answer<Blob>()),
};

export const ADMIN_ROUTES = {
  auditLog: get('/api/audit-log', answer<Paged<AuditLogEntry>>()),
  auditLogUsers: get('/api/audit-log-users', answer<AuditLogUser[]>()),
  auditLogXlsx: get('/api/audit-log-xlsx', answer<Blob>()),
  dashboardSummary: get('/api/dashboard-fin-summary', answer<DashboardSummary>()),
  embedTokens: get('/api/embed-tokens', answer<Paged<EmbedTokenEntry>>()),
  mintEmbedToken: post('/api/embed-tokens', answer<EmbedTokenCreated>(), { body: EmbedTokenCreateSchema }),
  revokeEmbedToken: post('/api/embed-tokens/:id/revoke', answer<MessageResponse>()),
  embedSession: get('/api/embed/session', answer<EmbedSession>()),
  documentLinks: post('/api/document-links', answer<DocumentLink>(), { body: DocumentLinkSchema }),
  documentByLink: get('/api/document-links/:code', answer<Blob>()),
};
