/**
 * Prospects (Calon Siswa, Calon Siswa Pindahan), api/ROUTES.md: the events list, the prospect list, one
 * prospect, the registration status update, delete and the XLS download. Finance editors of the branch
 * only. The rules are in api/ROUTES.md, "Prospects".
 */
import {
  type MessageResponse,
  type Paged,
  PROSPECT_ORDER_FIELDS,
  ProspectXUpdateSchema,
  type PsbEvent,
  type PsbEventProspective,
  STYPE_TRANSFER,
} from '@keuangan/shared/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../auth/guard';
import { psb_event_prospectives, psb_event_stypes, psb_events } from '../db/schema';
import { DOCUMENT_ROUTE } from '../documents/limit';
import { ApiError } from '../lib/errors';
import { fetchPage, listQueryEntries, orderOf } from '../lib/paging';
import { inBranch, optionalEq } from '../lib/scope';
import { todayIn } from '../lib/time';
import { optionalQueryId, optionalQueryInt, pathId, validate } from '../lib/validate';
import { MAX_XLS_ROWS, sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { loadProspect, prospectCondition, selectProspects, toProspect } from './queries';
import { changeRegistrationStatus, deleteProspect } from './rules';

/** The most rows one download holds; a larger filter is refused with a hint to narrow it. */
export { MAX_XLS_ROWS };

const filterEntries = {
  deptId: optionalQueryId('Departemen'),
  psb_event_id: optionalQueryId('Event'),
  registration_status: optionalQueryInt('Status pendaftaran', 0, 5),
  yoe: optionalQueryInt('Tahun Masuk', 1900, 2100),
  stype: optionalQueryInt('Tipe event', 1, 2),
};
const ListQuery = v.object({ ...filterEntries, ...listQueryEntries(PROSPECT_ORDER_FIELDS) });
const { page: _page, limit: _limit, ...downloadEntries } = listQueryEntries(PROSPECT_ORDER_FIELDS);
const DownloadQuery = v.object({ ...filterEntries, ...downloadEntries });
const EventQuery = v.object({
  deptId: optionalQueryId('Departemen'),
  yoe: optionalQueryInt('Tahun Masuk', 1900, 2100),
  stype: optionalQueryInt('Tipe event', 1, 2),
  ...listQueryEntries(['id', 'code', 'name', 'yoe', 'start_date']),
});
const EventYearsQuery = v.object({
  deptId: optionalQueryId('Departemen'),
  stype: optionalQueryInt('Tipe event', 1, 2),
});

const ORDER_COLUMNS = {
  id: psb_event_prospectives.id,
  name: psb_event_prospectives.name,
  reg_number: psb_event_prospectives.reg_number,
  registration_status: psb_event_prospectives.registration_status,
};

const documented = routeDocs('Prospects');

export async function prospectRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  // The entry years that have events (newest first): where the prospect screens' filter starts.
  app.get(
    '/psb-event-years',
    documented(guard, {
      summary: 'Years that have admission or transfer events',
      input: { query: EventYearsQuery },
      response: 'PsbEventYears',
    }),
    async (request): Promise<number[]> => {
      const scope = requireAuth(request);
      const query = validate(EventYearsQuery, request.query);
      const rows = await db
        .selectDistinct({ yoe: psb_events.yoe })
        .from(psb_events)
        .where(
          inBranch(
            scope,
            psb_events,
            optionalEq(psb_events.department_id, query.deptId),
            optionalEq(psb_events.psb_event_stype_id, query.stype),
          ),
        )
        .orderBy(desc(psb_events.yoe));
      return rows.map((row) => row.yoe);
    },
  );

  app.get(
    '/psb-event',
    documented(guard, {
      summary: 'Admission (PSB) and transfer events, paged',
      input: { query: EventQuery },
      response: 'PsbEventPage',
    }),
    async (request): Promise<Paged<PsbEvent>> => {
      const scope = requireAuth(request);
      const query = validate(EventQuery, request.query);
      const where = inBranch(
        scope,
        psb_events,
        optionalEq(psb_events.department_id, query.deptId),
        optionalEq(psb_events.yoe, query.yoe),
        optionalEq(psb_events.psb_event_stype_id, query.stype),
      );
      const page = await fetchPage(db, psb_events, where, query, (limit, offset) =>
        db
          .select({
            id: psb_events.id,
            department_id: psb_events.department_id,
            psb_event_stype_id: psb_events.psb_event_stype_id,
            yoe: psb_events.yoe,
            code: psb_events.code,
            name: psb_events.name,
            start_date: psb_events.start_date,
            end_date: psb_events.end_date,
            status: psb_events.status,
            stype_name: psb_event_stypes.name,
          })
          .from(psb_events)
          .innerJoin(psb_event_stypes, eq(psb_event_stypes.id, psb_events.psb_event_stype_id))
          .where(where)
          .orderBy(...orderOf(psb_events, query, psb_events.id))
          .limit(limit)
          .offset(offset),
      );
      return {
        ...page,
        data: page.data.map(({ stype_name, ...row }) => ({
          ...row,
          psb_event_stype: { id: row.psb_event_stype_id, name: stype_name },
        })),
      };
    },
  );

  app.get(
    '/psb-event-prospective',
    documented(guard, {
      summary: 'Prospects of the events, paged',
      input: { query: ListQuery },
      response: 'PsbEventProspectivePage',
    }),
    async (request): Promise<Paged<PsbEventProspective>> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      const where = prospectCondition(scope, query);
      return fetchPage(db, psb_event_prospectives, where, query, async (limit, offset) =>
        (
          await selectProspects(db)
            .where(where)
            .orderBy(...orderOf(ORDER_COLUMNS, query, psb_event_prospectives.id))
            .limit(limit)
            .offset(offset)
        ).map(toProspect),
      );
    },
  );

  app.get(
    '/psb-event-prospective/:id',
    documented(guard, {
      summary: 'One prospect with the full profile',
      input: 'none',
      response: 'PsbEventProspective',
    }),
    async (request): Promise<PsbEventProspective> => loadProspect(db, requireAuth(request), pathId(request)),
  );

  app.post(
    '/psb-event-prospective-xupdate/:id',
    documented(guard, {
      summary: "Change a prospect's registration status",
      input: { body: ProspectXUpdateSchema },
      response: 'PsbEventProspective',
    }),
    async (request): Promise<PsbEventProspective> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      const body = validate(ProspectXUpdateSchema, request.body);
      await app.database.transaction((tx) => changeRegistrationStatus(tx, scope, id, body.value));
      return loadProspect(db, scope, id);
    },
  );

  app.delete(
    '/psb-event-prospective/:id',
    documented(guard, {
      summary: 'Delete a prospect without money',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const scope = requireAuth(request);
      const id = pathId(request);
      await app.database.transaction((tx) => deleteProspect(tx, scope, id));
      return { message: 'Data berhasil dihapus' };
    },
  );

  app.get(
    '/psb-event-prospective-xls',
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: 'The filtered prospects as a workbook',
        input: { query: DownloadQuery },
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(DownloadQuery, request.query);
      const where = prospectCondition(scope, query);
      const [counted] = await db.select({ total: count() }).from(psb_event_prospectives).where(where);
      if ((counted?.total ?? 0) > MAX_XLS_ROWS) {
        throw new ApiError(
          422,
          `Data terlalu banyak untuk diunduh (lebih dari ${MAX_XLS_ROWS} baris). Persempit filter terlebih dahulu.`,
        );
      }
      const rows = await selectProspects(db)
        .where(where)
        .orderBy(...orderOf(ORDER_COLUMNS, query, psb_event_prospectives.id));
      const title = query.stype === STYPE_TRANSFER ? 'Calon Siswa Pindahan' : 'Calon Siswa';
      const file = await app.documents.build('prospectWorkbook', title, rows.map(toProspect));
      const name = `${title.toLowerCase().replace(/ /g, '-')}-${query.yoe ?? 'semua'}-${todayIn(scope)}.xlsx`;
      return sendXlsx(reply, file, name);
    },
  );
}
