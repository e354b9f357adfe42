/** The prospect screens' requests, one function or hook each (docs/architecture.md "Code layout"). */
import { apiDownload, apiGet, apiPost, type QueryType, ROUTES, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/psb-event-prospective`: one page of a PSB or Mutasi list. */
export const useProspectList = (params: QueryType<typeof ROUTES.people.prospects>, options: ListOptions) =>
  usePagedQuery(ROUTES.people.prospects(), params, options);

/** `GET /api/psb-event-prospective/{id}`. */
export const fetchProspect = (id: string | undefined, signal: AbortSignal) =>
  apiGet(ROUTES.people.prospect({ id }), undefined, { signal });

/** `POST /api/psb-event-prospective-xupdate/{id}`: a new registration status (the server bills on some). */
export const saveRegistrationStatus = (id: number, value: number) =>
  apiPost(ROUTES.people.updateProspectField({ id }), { field: 'registration_status', value });

/** `GET /api/psb-event-prospective-xls`: the filtered list as a spreadsheet, saved as `fileName`. */
export const downloadProspects = (params: QueryType<typeof ROUTES.people.prospectsXlsx>, fileName: string) =>
  apiDownload(ROUTES.people.prospectsXlsx(), params, fileName);

/** What `DeleteDialog` deletes for one prospect. */
export const prospectUrl = (id: number) => ROUTES.people.deleteProspect({ id });
