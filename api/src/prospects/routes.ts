/**
 * Prospects (Calon Siswa, Calon Siswa Pindahan), api/ROUTES.md: the events list, the prospect list, one
 * prospect, the registration status update, delete and the XLS download. Finance editors of the branch
 * only. The rules are in api/ROUTES.md, "Prospects".
 */
import {
  type MessageResponse,
  type Paged,
  type PsbEvent,
  type PsbEventProspective,
  ROUTES,
  STYPE_TRANSFER,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { ApiError } from '../lib/errors';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { countProspects, eventPage, eventYears, loadProspect, prospectPage, prospectRows } from './queries';
import { changeStatus, removeProspect } from './writes';

/** The most rows one download holds; a larger filter is refused with a hint to narrow it. */
export { MAX_XLS_ROWS };

const documented = routeDocs('Prospects');

export async function prospectRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  // The entry years that have events (newest first): where the prospect screens' filter starts.
  app.get(
    ROUTES.reference.psbEventYears.local,
    documented(guard, {
      summary: 'Years that have admission or transfer events',
      response: 'PsbEventYears',
    }),
    async (request): Promise<number[]> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.psbEventYears.query, request.query);
      return eventYears(db, scope, query.deptId, query.stype);
    },
  );

  app.get(
    ROUTES.reference.psbEvents.local,
    documented(guard, {
      summary: 'Admission (PSB) and transfer events, paged',
      response: 'PsbEventPage',
    }),
    async (request): Promise<Paged<PsbEvent>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.reference.psbEvents.query, request.query);
      return eventPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.prospects.local,
    documented(guard, {
      summary: 'Prospects of the events, paged',
      response: 'PsbEventProspectivePage',
    }),
    async (request): Promise<Paged<PsbEventProspective>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.prospects.query, request.query);
      return prospectPage(db, scope, query);
    },
  );

  app.get(
    ROUTES.people.prospect.local,
    documented(guard, {
      summary: 'One prospect with the full profile',
      input: 'none',
      response: 'PsbEventProspective',
    }),
    async (request): Promise<PsbEventProspective> => loadProspect(db, requireAuth(request), pathId(request)),
  );

  app.post(
    ROUTES.people.updateProspectField.local,
    documented(guard, {
      summary: "Change a prospect's registration status",
      response: 'PsbEventProspective',
    }),
    async (request): Promise<PsbEventProspective> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.people.updateProspectField.body, request.body);
      await changeStatus(app.database, scope, id, body.value);
      return loadProspect(db, scope, id);
    },
  );

  app.delete(
    ROUTES.people.deleteProspect.local,
    documented(guard, {
      summary: 'Delete a prospect without money',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await removeProspect(app.database, scope, id);
      return { message: 'Data berhasil dihapus' };
    },
  );

  app.get(
    ROUTES.people.prospectsXlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The filtered prospects as a workbook',
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.people.prospectsXlsx.query, request.query);
      if ((await countProspects(db, scope, query)) > MAX_XLS_ROWS) {
        throw new ApiError(
          422,
          `Data terlalu banyak untuk diunduh (lebih dari ${MAX_XLS_ROWS} baris). Persempit filter terlebih dahulu.`,
        );
      }
      const rows = await prospectRows(db, scope, query);
      const title = query.stype === STYPE_TRANSFER ? 'Calon Siswa Pindahan' : 'Calon Siswa';
      const file = await app.documents.build('prospectWorkbook', title, rows);
      const name = `${title.toLowerCase().replace(/ /g, '-')}-${query.yoe ?? 'semua'}-${todayIn(scope)}.xlsx`;
      return sendXlsx(reply, file, name);
    },
  );
}
