/** The routes of sessions, references, people and admissions (docs/architecture.md#the-route-table). */
import type { PsbEvent, PsbEventProspective } from '../admissions';
import {
  ProspectDownloadQuerySchema,
  ProspectListQuerySchema,
  ProspectXUpdateSchema,
  PsbEventQuerySchema,
  PsbEventYearsQuerySchema,
} from '../admissions';
import type { AuditLogEntry, AuditLogUser } from '../audit';
import { AuditLogDownloadQuerySchema, AuditLogQuerySchema } from '../audit';
import type { Role } from '../auth';
import type { SchoolClass } from '../class';
import { ClassListQuerySchema, ClassSchema } from '../class';
import type { DashboardSummary, MessageResponse, Paged, RefItem } from '../common';
import type { DocumentLink, EmbedSession, EmbedTokenCreated, EmbedTokenEntry } from '../embed';
import {
  DocumentLinkSchema,
  EmbedSessionQuerySchema,
  EmbedTokenCreateSchema,
  EmbedTokenListQuerySchema,
} from '../embed';
import {
  type Employee,
  EmployeeCreateSchema,
  EmployeeListQuerySchema,
  EmployeeUpdateSchema,
} from '../employee';
import type {
  BatchRef,
  ClassRef,
  DepartmentRef,
  FeeTypeRef,
  LevelRef,
  YearOfStudyRef,
  YosPeriode,
} from '../reference';
import {
  BatchPageQuerySchema,
  ClassRefQuerySchema,
  DepartmentPageQuerySchema,
  DepartmentRefQuerySchema,
  LevelPageQuerySchema,
  YearOfStudyPageQuerySchema,
  YearOfStudyRefQuerySchema,
} from '../reference';
import type { Student } from '../student';
import {
  StudentCreateSchema,
  StudentListQuerySchema,
  StudentsByClassQuerySchema,
  StudentUpdateSchema,
} from '../student';
import { answer, del, get, post, put } from './define';

/** The filters' and forms' reference lists. */
export const REFERENCE_ROUTES = {
  departments: get('/api/ref-department-getall', answer<DepartmentRef[]>()),
  yearsOfStudy: get('/api/ref-year-of-study-getall', answer<YearOfStudyRef[]>(), {
    query: DepartmentRefQuerySchema,
  }),
  levels: get('/api/ref-level-getall', answer<LevelRef[]>(), { query: DepartmentRefQuerySchema }),
  periods: get('/api/ref-yos-periode-getall', answer<YosPeriode[]>(), { query: YearOfStudyRefQuerySchema }),
  classes: get('/api/ref-class-getall', answer<ClassRef[]>(), { query: ClassRefQuerySchema }),
  religions: get('/api/ref-religions-getall', answer<RefItem[]>()),
  ethnics: get('/api/ref-ethnics-getall', answer<RefItem[]>()),
  roles: get('/api/ref-roles-getall', answer<Role[]>()),
  feeTypes: get('/api/ref-fee-types-getall', answer<FeeTypeRef[]>()),
  /** The admission screens' paged lists. */
  departmentPage: get('/api/department', answer<Paged<DepartmentRef>>(), {
    query: DepartmentPageQuerySchema,
  }),
  department: get('/api/department/:id', answer<DepartmentRef>()),
  levelPage: get('/api/level', answer<Paged<LevelRef>>(), { query: LevelPageQuerySchema }),
  yearOfStudyPage: get('/api/year_of_study', answer<Paged<YearOfStudyRef>>(), {
    query: YearOfStudyPageQuerySchema,
  }),
  psbEvents: get('/api/psb-event', answer<Paged<PsbEvent>>(), { query: PsbEventQuerySchema }),
  psbEventYears: get('/api/psb-event-years', answer<number[]>(), { query: PsbEventYearsQuerySchema }),
  batches: get('/api/batch', answer<Paged<BatchRef>>(), { query: BatchPageQuerySchema }),
};

export const PEOPLE_ROUTES = {
  students: get('/api/student', answer<Paged<Student>>(), { query: StudentListQuerySchema }),
  createStudent: post('/api/student', answer<Student>(), { body: StudentCreateSchema }),
  student: get('/api/student/:id', answer<Student>()),
  updateStudent: put('/api/student/:id', answer<Student>(), { body: StudentUpdateSchema }),
  studentsByClass: get('/api/student-by-class', answer<Paged<Student>>(), {
    query: StudentsByClassQuerySchema,
  }),
  classes: get('/api/class', answer<Paged<SchoolClass>>(), { query: ClassListQuerySchema }),
  class: get('/api/class/:id', answer<SchoolClass>()),
  createClass: post('/api/class', answer<SchoolClass>(), { body: ClassSchema }),
  updateClass: put('/api/class/:id', answer<SchoolClass>(), { body: ClassSchema }),
  deleteClass: del('/api/class/:id', answer<MessageResponse>()),
  employees: get('/api/employee', answer<Paged<Employee>>(), { query: EmployeeListQuerySchema }),
  employee: get('/api/employee/:id', answer<Employee>()),
  createEmployee: post('/api/employee', answer<Employee>(), { body: EmployeeCreateSchema }),
  updateEmployee: put('/api/employee/:id', answer<Employee>(), { body: EmployeeUpdateSchema }),
  deleteEmployee: del('/api/employee/:id', answer<MessageResponse>()),
  employeePhoto: post('/api/employee-photo/:id', answer<Employee>()),
  prospects: get('/api/psb-event-prospective', answer<Paged<PsbEventProspective>>(), {
    query: ProspectListQuerySchema,
  }),
  prospect: get('/api/psb-event-prospective/:id', answer<PsbEventProspective>()),
  updateProspectField: post('/api/psb-event-prospective-xupdate/:id', answer<PsbEventProspective>(), {
    body: ProspectXUpdateSchema,
  }),
  deleteProspect: del('/api/psb-event-prospective/:id', answer<MessageResponse>()),
  prospectsXlsx: get('/api/psb-event-prospective-xls', answer<Blob>(), {
    query: ProspectDownloadQuerySchema,
  }),
};

export const ADMIN_ROUTES = {
  auditLog: get('/api/audit-log', answer<Paged<AuditLogEntry>>(), { query: AuditLogQuerySchema }),
  auditLogUsers: get('/api/audit-log-users', answer<AuditLogUser[]>()),
  auditLogXlsx: get('/api/audit-log-xlsx', answer<Blob>(), { query: AuditLogDownloadQuerySchema }),
  dashboardSummary: get('/api/dashboard-fin-summary', answer<DashboardSummary>()),
  embedTokens: get('/api/embed-tokens', answer<Paged<EmbedTokenEntry>>(), {
    query: EmbedTokenListQuerySchema,
  }),
  mintEmbedToken: post('/api/embed-tokens', answer<EmbedTokenCreated>(), { body: EmbedTokenCreateSchema }),
  revokeEmbedToken: post('/api/embed-tokens/:id/revoke', answer<MessageResponse>()),
  embedSession: get('/api/embed/session', answer<EmbedSession>(), { query: EmbedSessionQuerySchema }),
  documentLinks: post('/api/document-links', answer<DocumentLink>(), { body: DocumentLinkSchema }),
  documentByLink: get('/api/document-links/:code', answer<Blob>()),
};
