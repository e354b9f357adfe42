/**
 * Student fee components (api/ROUTES.md, "Fee components"): list, one, create, update, delete, inline
 * update, batch delete, generate from the level's default fees and copy from the previous month. The
 * rules (what generate creates, what copy skips, the lock on charged components) are in api/ROUTES.md.
 */
import {
  FEE_FILTER_FIELDS,
  type FeeComponentCopyResponse,
  type FeeComponentFilter,
  type FeeComponentGenerateResponse,
  filterRequiredMessage,
  type MessageResponse,
  type Paged,
  ROUTES,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { students } from '../db/schema';
import { ApiError } from '../lib/errors';
import { pagedResponse } from '../lib/paging';
import { findInBranch } from '../lib/scope';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import { componentList, componentPage, loadComponent } from './queries';
import {
  addComponent,
  copyPreviousMonth,
  editComponent,
  editComponentField,
  generateComponents,
  removeComponent,
  removeComponents,
} from './writes';

const MESSAGES = {
  created: 'Data berhasil ditambahkan.',
  updated: 'Data berhasil diubah.',
  deleted: 'Data berhasil dihapus',
  batchDeleted: 'Item Yang Terpilih Berhasil Dihapus.',
  generated: 'Berhasil Generate Komponen',
  copied: 'Berhasil Menyalin Komponen Bulan Sebelumnya',
} as const;

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
    ROUTES.fees.components.local,
    documented(guard, {
      summary: 'Fee components of a class and month, paged',
      response: 'StudentFeeComponentPage',
    }),
    async (request): Promise<Paged<StudentFeeComponent>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.fees.components.query, request.query);
      const { rows, total } = await componentPage(db, scope, query);
      return pagedResponse(rows, total, query.page, query.limit);
    },
  );

  app.get(
    ROUTES.fees.allComponents.local,
    documented(guard, {
      summary: 'All fee components of a class and month (for a student: those not yet charged)',
      response: 'StudentFeeComponents',
    }),
    async (request): Promise<StudentFeeComponent[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.fees.allComponents.query, request.query);
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
    ROUTES.fees.component.local,
    documented(guard, { summary: 'One fee component', input: 'none', response: 'StudentFeeComponent' }),
    async (request): Promise<StudentFeeComponent> => {
      return loadComponent(db, requireAuth(request), pathId(request));
    },
  );

  app.post(
    ROUTES.fees.createComponent.local,
    documented(guard, {
      summary: 'Add a fee component',
      response: 'StudentFeeComponent',
      status: [201],
    }),
    async (request, reply): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const body = validate(ROUTE_INPUTS.fees.createComponent.body, request.body);
      const id = await addComponent(app.database, scope, body);
      reply.status(201);
      return loadComponent(db, scope, id);
    },
  );

  app.put(
    ROUTES.fees.updateComponent.local,
    documented(guard, {
      summary: 'Edit a fee component not yet charged',
      response: 'StudentFeeComponent',
    }),
    async (request): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.fees.updateComponent.body, request.body);
      await editComponent(app.database, scope, id, body);
      return loadComponent(db, scope, id);
    },
  );

  app.post(
    ROUTES.fees.updateComponentField.local,
    documented(guard, {
      summary: 'Change one field of a fee component',
      response: 'StudentFeeComponent',
    }),
    async (request): Promise<StudentFeeComponent> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.fees.updateComponentField.body, request.body);
      await editComponentField(app.database, scope, id, body);
      return loadComponent(db, scope, id);
    },
  );

  app.delete(
    ROUTES.fees.deleteComponent.local,
    documented(guard, {
      summary: 'Delete a fee component not yet charged',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await removeComponent(app.database, scope, id);
      return { message: MESSAGES.deleted };
    },
  );

  // All or nothing: one unknown or charged component and nothing is deleted (api/ROUTES.md).
  app.delete(
    ROUTES.fees.deleteComponents.local,
    documented(guard, {
      summary: 'Delete several fee components not yet charged',
      response: 'FeeComponentsDeleted',
    }),
    async (request): Promise<MessageResponse & { deleted: number }> => {
      const scope = requireAuth(request);
      const ids = [...new Set(validate(ROUTE_INPUTS.fees.deleteComponents.body, request.body).item_ids)];
      const deleted = await removeComponents(app.database, scope, ids);
      return { message: MESSAGES.batchDeleted, deleted };
    },
  );

  // Generate: the level's default fees (Biaya Otomatis Siswa) become the class-month's components;
  // fee types the class-month already has are skipped, so a second run creates nothing.
  app.post(
    ROUTES.fees.generateComponents.local,
    documented(guard, {
      summary: "Generate Komponen: a class-month's components from the level defaults",
      response: 'FeeComponentGenerateResponse',
    }),
    async (request): Promise<FeeComponentGenerateResponse> => {
      const scope = requireAuth(request);
      const filter = placementOf(validate(ROUTE_INPUTS.fees.generateComponents.body, request.body));
      return { message: MESSAGES.generated, ...(await generateComponents(app.database, scope, filter)) };
    },
  );

  // Copy: the same class's components of the month before, into the chosen month; fee types the month
  // already has are skipped.
  app.post(
    ROUTES.fees.copyPreviousMonth.local,
    documented(guard, {
      summary: "Copy the previous month's components of the class",
      response: 'FeeComponentCopyResponse',
    }),
    async (request): Promise<FeeComponentCopyResponse> => {
      const scope = requireAuth(request);
      const filter = placementOf(validate(ROUTE_INPUTS.fees.copyPreviousMonth.body, request.body));
      return { message: MESSAGES.copied, ...(await copyPreviousMonth(app.database, scope, filter)) };
    },
  );
}
