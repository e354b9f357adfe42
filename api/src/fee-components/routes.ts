/**
 * Student fee components (api/ROUTES.md, "Fee components"): list, one, create, update, delete, inline
 * update, batch delete, generate from the level's default fees and copy from the previous month. The
 * rules (what generate creates, what copy skips, the lock on charged components) are in api/ROUTES.md.
 */
import {
  dueDateInMonth,
  FEE_FILTER_FIELDS,
  FEE_FILTER_LABELS,
  FeeComponentBatchDeleteSchema,
  type FeeComponentCopyResponse,
  type FeeComponentFilter,
  FeeComponentFilterSchema,
  type FeeComponentGenerateResponse,
  FeeComponentSchema,
  FeeComponentXUpdateSchema,
  type FeeFilterField,
  filterRequiredMessage,
  type MessageResponse,
  type Paged,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { fee_types, student_fee_components, students } from '../db/schema';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, notFound } from '../lib/errors';
import { containsPattern, listQueryEntries, pagedResponse } from '../lib/paging';
import { findInBranch } from '../lib/scope';
import { addMonths } from '../lib/time';
import { optionalQueryId, pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import {
  classMonthComponents,
  componentList,
  componentPage,
  deleteComponents,
  filterCondition,
  insertComponent,
  insertMissing,
  levelDefaults,
  linkedComponentIds,
  loadComponent,
  lockComponents,
  updateComponent,
} from './queries';
import { checkFeeTypeFree, checkPlacement, LOCKED_DELETE, LOCKED_UPDATE, lockEditable } from './rules';

const MESSAGES = {
  created: 'Data berhasil ditambahkan.',
  updated: 'Data berhasil diubah.',
  deleted: 'Data berhasil dihapus',
  batchDeleted: 'Item Yang Terpilih Berhasil Dihapus.',
  generated: 'Berhasil Generate Komponen',
  copied: 'Berhasil Menyalin Komponen Bulan Sebelumnya',
} as const;

const ID_PATTERN = /^[1-9]\d{0,8}$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A required filter in a query string: absent or empty gives 'filter {name} is required' (docs/validation.md). */
const requiredQueryText = (field: FeeFilterField, pattern: RegExp) => {
  const required = filterRequiredMessage(field);
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.regex(pattern, `${FEE_FILTER_LABELS[field]} tidak valid`),
  );
};
const requiredQueryId = (field: FeeFilterField) =>
  v.pipe(requiredQueryText(field, ID_PATTERN), v.transform(Number));

const optionalMonth = v.optional(
  v.pipe(
    v.string('Bulan tidak valid'),
    v.trim(),
    v.regex(/^(|\d{4}-(0[1-9]|1[0-2]))$/, 'Bulan tidak valid'),
    v.transform((s) => s || undefined),
  ),
);

const listEntries = listQueryEntries(['id', 'name', 'price']);
const ordering = { orderby: listEntries.orderby, sort: listEntries.sort };

/** `GET /api/student-fee-component`: the six filters (required) plus paging, search and order. */
const ListQuery = v.object({
  department_id: requiredQueryId('department_id'),
  year_of_study_id: requiredQueryId('year_of_study_id'),
  yos_periode_id: requiredQueryId('yos_periode_id'),
  level_id: requiredQueryId('level_id'),
  class_id: requiredQueryId('class_id'),
  mm: requiredQueryText('mm', MONTH_PATTERN),
  ...listEntries,
});

/** `GET /api/student-fee-component-all`: the six filters, or a student (optionally only what they lack). */
const AllQuery = v.object({
  department_id: optionalQueryId(FEE_FILTER_LABELS.department_id),
  year_of_study_id: optionalQueryId(FEE_FILTER_LABELS.year_of_study_id),
  yos_periode_id: optionalQueryId(FEE_FILTER_LABELS.yos_periode_id),
  level_id: optionalQueryId(FEE_FILTER_LABELS.level_id),
  class_id: optionalQueryId(FEE_FILTER_LABELS.class_id),
  mm: optionalMonth,
  student_id: optionalQueryId('Siswa'),
  available_only: v.optional(
    v.pipe(
      v.picklist(['', '0', '1', 'true', 'false'], 'available_only harus 0 atau 1'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '0',
  ),
  ...ordering,
});

const placementOf = (f: FeeComponentFilter): FeeComponentFilter => ({
  department_id: f.department_id,
  year_of_study_id: f.year_of_study_id,
  yos_periode_id: f.yos_periode_id,
  level_id: f.level_id,
  class_id: f.class_id,
  mm: f.mm,
});

const documented = routeDocs('Fee components');

export async function feeComponentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    '/student-fee-component',
    documented(guard, {
      summary: 'Fee components of a class and month, paged',
      input: { query: ListQuery },
      response: 'StudentFeeComponentPage',
    }),
    async (request): Promise<Paged<StudentFeeComponent>> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      const where = filterCondition(
        scope,
        query,
        query.q ? ilike(student_fee_components.name, containsPattern(query.q)) : undefined,
      );
      const { rows, total } = await componentPage(db, where, query);
      return pagedResponse(rows, total, query.page, query.limit);
    },
  );

  app.get(
    '/student-fee-component-all',
    documented(guard, {
      summary: 'All fee components of a class and month (for a student: those not yet charged)',
      input: { query: AllQuery },
      response: 'StudentFeeComponents',
    }),
    async (request): Promise<StudentFeeComponent[]> => {
      const scope = requireAuth(request);
      const query = validate(AllQuery, request.query);
      const { student_id: studentId } = query;
      if (studentId === undefined) {
        // Without a student this is the extra bill form's call: one class-month, all six filters.
        const missing = FEE_FILTER_FIELDS.find((field) => query[field] === undefined);
        if (missing)
          throw new ApiError(422, filterRequiredMessage(missing), {
            [missing]: [filterRequiredMessage(missing)],
          });
      } else {
        await findInBranch(db, scope, students, studentId);
      }
      if (query.available_only && studentId === undefined) {
        throw new ApiError(422, 'Siswa tidak boleh kosong', { student_id: ['Siswa tidak boleh kosong'] });
      }
      return componentList(
        db,
        scope,
        query,
        studentId === undefined ? undefined : { id: studentId, availableOnly: query.available_only },
      );
    },
  );

  app.get(
    '/student-fee-component/:id',
    documented(guard, { summary: 'One fee component', input: 'none', response: 'StudentFeeComponent' }),
    async (request): Promise<StudentFeeComponent> => {
      return loadComponent(db, requireAuth(request), pathId(request));
    },
  );

  app.post(
    '/student-fee-component',
    documented(guard, {
      summary: 'Add a fee component',
      input: { body: FeeComponentSchema },
      response: 'StudentFeeComponent',
      status: [201],
    }),
    async (request, reply): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const body = validate(FeeComponentSchema, request.body);
      const id = await app.database.transaction(async (tx) => {
        await checkPlacement(tx, scope, body);
        await findInBranch(tx, scope, fee_types, body.fee_type_id);
        await checkFeeTypeFree(tx, body);
        const id = await insertComponent(tx, scope, body);
        await recordAudit(tx, auditWho(scope), {
          action: 'fee_component.create',
          entity: 'student_fee_component',
          entityId: id,
          after: {
            name: body.name,
            price: body.price,
            mm: body.mm,
            class_id: body.class_id,
            due_day: body.due_day,
            due_date: body.due_date,
          },
        });
        return id;
      });
      reply.status(201);
      return loadComponent(db, scope, id);
    },
  );

  app.put(
    '/student-fee-component/:id',
    documented(guard, {
      summary: 'Edit a fee component not yet charged',
      input: { body: FeeComponentSchema },
      response: 'StudentFeeComponent',
    }),
    async (request): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(FeeComponentSchema, request.body);
      await app.database.transaction(async (tx) => {
        const before = await lockEditable(tx, scope, id, LOCKED_UPDATE);
        await checkPlacement(tx, scope, body);
        await findInBranch(tx, scope, fee_types, body.fee_type_id);
        await checkFeeTypeFree(tx, body, id);
        await updateComponent(tx, id, body);
        await recordAudit(tx, auditWho(scope), {
          action: 'fee_component.update',
          entity: 'student_fee_component',
          entityId: id,
          before: {
            name: before.name,
            price: before.price,
            ftype: before.ftype,
            due_day: before.due_day,
            due_date: before.due_date,
          },
          after: {
            name: body.name,
            price: body.price,
            ftype: body.ftype,
            due_day: body.due_day,
            due_date: body.due_date,
          },
        });
      });
      return loadComponent(db, scope, id);
    },
  );

  app.post(
    '/student-fee-component-xupdate/:id',
    documented(guard, {
      summary: 'Change one field of a fee component',
      input: { body: FeeComponentXUpdateSchema },
      response: 'StudentFeeComponent',
    }),
    async (request): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(FeeComponentXUpdateSchema, request.body);
      await app.database.transaction(async (tx) => {
        const before = await lockEditable(tx, scope, id, LOCKED_UPDATE);
        // A due day replaces a fixed due date (a component has one of the two).
        const due = body.field === 'due_day' ? { due_date: null } : {};
        await updateComponent(tx, id, { [body.field]: body.value, ...due });
        await recordAudit(tx, auditWho(scope), {
          action: 'fee_component.update',
          entity: 'student_fee_component',
          entityId: id,
          before: { [body.field]: before[body.field as keyof typeof before] },
          after: { [body.field]: body.value },
        });
      });
      return loadComponent(db, scope, id);
    },
  );

  app.delete(
    '/student-fee-component/:id',
    documented(guard, {
      summary: 'Delete a fee component not yet charged',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await app.database.transaction(async (tx) => {
        const before = await lockEditable(tx, scope, id, LOCKED_DELETE);
        await deleteComponents(tx, [id]);
        await recordAudit(tx, auditWho(scope), {
          action: 'fee_component.delete',
          entity: 'student_fee_component',
          entityId: id,
          before: { name: before.name, price: before.price },
        });
      });
      return { message: MESSAGES.deleted };
    },
  );

  // All or nothing: one unknown or charged component and nothing is deleted (api/ROUTES.md).
  app.delete(
    '/student-fee-component-batch',
    documented(guard, {
      summary: 'Delete several fee components not yet charged',
      input: { body: FeeComponentBatchDeleteSchema },
      response: 'FeeComponentsDeleted',
    }),
    async (request): Promise<MessageResponse & { deleted: number }> => {
      const scope = requireAuth(request);
      const ids = [...new Set(validate(FeeComponentBatchDeleteSchema, request.body).item_ids)];
      const deleted = await app.database.transaction(async (tx) => {
        const rows = await lockComponents(tx, scope, ids);
        if (rows.length !== ids.length) throw notFound();
        const linked = await linkedComponentIds(tx, ids);
        if (linked.size > 0) {
          // Names joined with ';': the screens turn commas into line breaks.
          const names = rows.filter((r) => linked.has(r.id)).map((r) => r.name);
          const message = `Tidak ada data yang dihapus. Komponen berikut sudah dibebankan ke siswa: ${names.join('; ')}`;
          throw new ApiError(409, message, { item_ids: [message] });
        }
        await deleteComponents(tx, ids);
        await recordAudit(tx, auditWho(scope), {
          action: 'fee_component.delete',
          entity: 'student_fee_component',
          before: { count: ids.length, components: rows.map((r) => ({ id: r.id, name: r.name })) },
        });
        return ids.length;
      });
      return { message: MESSAGES.batchDeleted, deleted };
    },
  );

  // Generate: the level's default fees (Biaya Otomatis Siswa) become the class-month's components;
  // fee types the class-month already has are skipped, so a second run creates nothing.
  app.post(
    '/student-fee-component-batch',
    documented(guard, {
      summary: "Generate Komponen: a class-month's components from the level defaults",
      input: { body: FeeComponentFilterSchema },
      response: 'FeeComponentGenerateResponse',
    }),
    async (request): Promise<FeeComponentGenerateResponse> => {
      const scope = requireAuth(request);
      const filter = placementOf(validate(FeeComponentFilterSchema, request.body));
      return app.database.transaction(async (tx) => {
        await checkPlacement(tx, scope, filter);
        const defaults = await levelDefaults(tx, scope, filter.department_id, filter.level_id);
        const created = await insertMissing(
          tx,
          defaults.map((fee) => ({
            ...filter,
            client_id: scope.clientId,
            branch_id: scope.branchId,
            fee_type_id: fee.fee_type_id,
            ftype: fee.ftype,
            name: fee.name,
            price: fee.price,
            description: fee.description,
            due_day: fee.due_day,
            due_date: null,
          })),
        );
        if (created > 0) {
          await recordAudit(tx, auditWho(scope), {
            action: 'fee_component.create',
            entity: 'student_fee_component',
            after: { generated: created, class_id: filter.class_id, mm: filter.mm },
          });
        }
        return { message: MESSAGES.generated, created, skipped: defaults.length - created };
      });
    },
  );

  // Copy: the same class's components of the month before, into the chosen month; fee types the month
  // already has are skipped.
  app.post(
    '/student-fee-component-copy-prev-month',
    documented(guard, {
      summary: "Copy the previous month's components of the class",
      input: { body: FeeComponentFilterSchema },
      response: 'FeeComponentCopyResponse',
    }),
    async (request): Promise<FeeComponentCopyResponse> => {
      const scope = requireAuth(request);
      const filter = placementOf(validate(FeeComponentFilterSchema, request.body));
      const sourceMonth = addMonths(filter.mm, -1);
      return app.database.transaction(async (tx) => {
        await checkPlacement(tx, scope, filter);
        const source = await classMonthComponents(tx, scope, filter.class_id, sourceMonth);
        const copied = await insertMissing(
          tx,
          source.map((c) => ({
            ...filter,
            client_id: scope.clientId,
            branch_id: scope.branchId,
            fee_type_id: c.fee_type_id,
            ftype: c.ftype,
            name: c.name,
            price: c.price,
            description: c.description,
            ...dueMovedOneMonth(c),
          })),
        );
        if (copied > 0) {
          await recordAudit(tx, auditWho(scope), {
            action: 'fee_component.create',
            entity: 'student_fee_component',
            after: { copied, from_mm: sourceMonth, class_id: filter.class_id, mm: filter.mm },
          });
        }
        return { message: MESSAGES.copied, source_mm: sourceMonth, copied, skipped: source.length - copied };
      });
    },
  );
}

/** A copied component's due: the same day, or its fixed date one month later (the day kept, or the month's last). */
function dueMovedOneMonth(c: { due_day: number | null; due_date: string | null }) {
  if (!c.due_date) return { due_day: c.due_day, due_date: null };
  return {
    due_day: null,
    due_date: dueDateInMonth(addMonths(c.due_date.slice(0, 7), 1), Number(c.due_date.slice(8, 10))),
  };
}
