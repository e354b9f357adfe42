/** The routes of sessions, references, people and admissions (docs/architecture.md#the-route-table). */
import type {
  ProspectDownloadQuerySchema,
  ProspectListQuerySchema,
  ProspectXUpdateSchema,
  PsbEvent,
  PsbEventProspective,
  PsbEventQuerySchema,
  PsbEventYearsQuerySchema,
} from '../admissions';
import type { AuditLogDownloadQuerySchema, AuditLogEntry, AuditLogQuerySchema, AuditLogUser } from '../audit';
import type { Role } from '../auth';
import type { ClassListQuerySchema, ClassSchema, SchoolClass } from '../class';
import type { DashboardSummary, MessageResponse, Paged, RefItem } from '../common';
import type {
  DocumentLink,
  DocumentLinkSchema,
  EmbedSession,
  EmbedSessionQuerySchema,
  EmbedTokenCreated,
  EmbedTokenCreateSchema,
  EmbedTokenEntry,
  EmbedTokenListQuerySchema,
} from '../embed';
import type {
  Employee,
  EmployeeCreateSchema,
  EmployeeListQuerySchema,
  EmployeeUpdateSchema,
} from '../employee';
import type {
  BatchPageQuerySchema,
  BatchRef,
  ClassRef,
  ClassRefQuerySchema,
  DepartmentPageQuerySchema,
  DepartmentRef,
  DepartmentRefQuerySchema,
  FeeTypeRef,
  LevelPageQuerySchema,
  LevelRef,
  YearOfStudyPageQuerySchema,
  YearOfStudyRef,
  YearOfStudyRefQuerySchema,
  YosPeriode,
} from '../reference';
import type {
  Student,
  StudentCreateSchema,
  StudentListQuerySchema,
  StudentsByClassQuerySchema,
  StudentUpdateSchema,
} from '../student';
import { answer, del, get, post, put, schema } from './define';

/** The filters' and forms' reference lists. */
export const REFERENCE_ROUTES = {
  departments: get('/api/ref-department-getall', answer<DepartmentRef[]>()),
  yearsOfStudy: get('/api/ref-year-of-study-getall', answer<YearOfStudyRef[]>(), {
    query: schema<typeof DepartmentRefQuerySchema>(),
  }),
  levels: get('/api/ref-level-getall', answer<LevelRef[]>(), {
    query: schema<typeof DepartmentRefQuerySchema>(),
  }),
  periods: get('/api/ref-yos-periode-getall', answer<YosPeriode[]>(), {
    query: schema<typeof YearOfStudyRefQuerySchema>(),
  }),
  classes: get('/api/ref-class-getall', answer<ClassRef[]>(), {
    query: schema<typeof ClassRefQuerySchema>(),
  }),
  religions: get('/api/ref-religions-getall', answer<RefItem[]>()),
  ethnics: get('/api/ref-ethnics-getall', answer<RefItem[]>()),
  roles: get('/api/ref-roles-getall', answer<Role[]>()),
  feeTypes: get('/api/ref-fee-types-getall', answer<FeeTypeRef[]>()),
  /** The admission screens' paged lists. */
  departmentPage: get('/api/department', answer<Paged<DepartmentRef>>(), {
    query: schema<typeof DepartmentPageQuerySchema>(),
  }),
  department: get('/api/department/:id', answer<DepartmentRef>()),
  levelPage: get('/api/level', answer<Paged<LevelRef>>(), { query: schema<typeof LevelPageQuerySchema>() }),
  yearOfStudyPage: get('/api/year_of_study', answer<Paged<YearOfStudyRef>>(), {
    query: schema<typeof YearOfStudyPageQuerySchema>(),
  }),
  psbEvents: get('/api/psb-event', answer<Paged<PsbEvent>>(), {
    query: schema<typeof PsbEventQuerySchema>(),
  }),
  psbEventYears: get('/api/psb-event-years', answer<number[]>(), {
    query: schema<typeof PsbEventYearsQuerySchema>(),
  }),
  batches: get('/api/batch', answer<Paged<BatchRef>>(), { query: schema<typeof BatchPageQuerySchema>() }),
};

export const PEOPLE_ROUTES = {
  students: get('/api/student', answer<Paged<Student>>(), { query: schema<typeof StudentListQuerySchema>() }),
  createStudent: post('/api/student', answer<Student>(), { body: schema<typeof StudentCreateSchema>() }),
  student: get('/api/student/:id', answer<Student>()),
  updateStudent: put('/api/student/:id', answer<Student>(), { body: schema<typeof StudentUpdateSchema>() }),
  studentsByClass: get('/api/student-by-class', answer<Paged<Student>>(), {
    query: schema<typeof StudentsByClassQuerySchema>(),
  }),
  classes: get('/api/class', answer<Paged<SchoolClass>>(), { query: schema<typeof ClassListQuerySchema>() }),
  class: get('/api/class/:id', answer<SchoolClass>()),
  createClass: post('/api/class', answer<SchoolClass>(), { body: schema<typeof ClassSchema>() }),
  updateClass: put('/api/class/:id', answer<SchoolClass>(), { body: schema<typeof ClassSchema>() }),
  deleteClass: del('/api/class/:id', answer<MessageResponse>()),
  employees: get('/api/employee', answer<Paged<Employee>>(), {
    query: schema<typeof EmployeeListQuerySchema>(),
  }),
  employee: get('/api/employee/:id', answer<Employee>()),
  createEmployee: post('/api/employee', answer<Employee>(), { body: schema<typeof EmployeeCreateSchema>() }),
  updateEmployee: put('/api/employee/:id', answer<Employee>(), {
    body: schema<typeof EmployeeUpdateSchema>(),
  }),
  deleteEmployee: del('/api/employee/:id', answer<MessageResponse>()),
  employeePhoto: post('/api/employee-photo/:id', answer<Employee>()),
  prospects: get('/api/psb-event-prospective', answer<Paged<PsbEventProspective>>(), {
    query: schema<typeof ProspectListQuerySchema>(),
  }),
  prospect: get('/api/psb-event-prospective/:id', answer<PsbEventProspective>()),
  updateProspectField: post('/api/psb-event-prospective-xupdate/:id', answer<PsbEventProspective>(), {
    body: schema<typeof ProspectXUpdateSchema>(),
  }),
  deleteProspect: del('/api/psb-event-prospective/:id', answer<MessageResponse>()),
  prospectsXlsx: get('/api/psb-event-prospective-xls', answer<Blob>(), {
    query: schema<typeof ProspectDownloadQuerySchema>(),
  }),
};

export const ADMIN_ROUTES = {
  auditLog: get('/api/audit-log', answer<Paged<AuditLogEntry>>(), {
    query: schema<typeof AuditLogQuerySchema>(),
  }),
  auditLogUsers: get('/api/audit-log-users', answer<AuditLogUser[]>()),
  auditLogXlsx: get('/api/audit-log-xlsx', answer<Blob>(), {
    query: schema<typeof AuditLogDownloadQuerySchema>(),
  }),
  dashboardSummary: get('/api/dashboard-fin-summary', answer<DashboardSummary>()),
  embedTokens: get('/api/embed-tokens', answer<Paged<EmbedTokenEntry>>(), {
    query: schema<typeof EmbedTokenListQuerySchema>(),
  }),
  mintEmbedToken: post('/api/embed-tokens', answer<EmbedTokenCreated>(), {
    body: schema<typeof EmbedTokenCreateSchema>(),
  }),
  revokeEmbedToken: post('/api/embed-tokens/:id/revoke', answer<MessageResponse>()),
  embedSession: get('/api/embed/session', answer<EmbedSession>(), {
    query: schema<typeof EmbedSessionQuerySchema>(),
  }),
  documentLinks: post('/api/document-links', answer<DocumentLink>(), {
    body: schema<typeof DocumentLinkSchema>(),
  }),
  documentByLink: get('/api/document-links/:code', answer<Blob>()),
};
