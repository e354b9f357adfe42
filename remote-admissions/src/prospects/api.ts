/** The prospect screens' requests, one function or hook each (docs/architecture.md "Code layout"). */
import { apiDownload, apiGet, apiPost, type PsbEventProspective, usePagedQuery } from '@keuangan/shared';

type ListOptions = Parameters<typeof usePagedQuery>[2];

/** `GET /api/psb-event-prospective`: one page of a PSB or Mutasi list. */
export const useProspectList = (params: Record<string, unknown>, options: ListOptions) =>
  usePagedQuery<PsbEventProspective>('/api/psb-event-prospective', params, options);

/** `GET /api/psb-event-prospective/{id}`. */
export const fetchProspect = (id: string | undefined, signal: AbortSignal) =>
  apiGet<PsbEventProspective>(`/api/psb-event-prospective/${id}`, undefined, { signal });

/** `POST /api/psb-event-prospective-xupdate/{id}`: a new registration status (the server bills on some). */
export const saveRegistrationStatus = (id: number, value: number) =>
  apiPost(`/api/psb-event-prospective-xupdate/${id}`, { field: 'registration_status', value });

/** `GET /api/psb-event-prospective-xls`: the filtered list as a spreadsheet, saved as `fileName`. */
export const downloadProspects = (params: Record<string, unknown>, fileName: string) =>
  apiDownload('/api/psb-event-prospective-xls', params, fileName);

/** What `DeleteDialog` deletes for one prospect. */
export const prospectUrl = (id: number) => `/api/psb-event-prospective/${id}`;
