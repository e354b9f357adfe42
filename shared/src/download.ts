import { type ApiClient, hostApi } from '@keuangan/shared/core';
import { AxiosError, isAxiosError } from 'axios';
import type { ApiUrl, QueryOf } from './contract';

/** An address a file is fetched from: a GET route of the table, whose query names `QueryOf` checks. */
type FileUrl = ApiUrl<unknown, 'GET'>;

/** Said when the server answered something that is not the document asked for (an HTML page, a JSON body). */
export const DOCUMENT_UNREADABLE_TEXT =
  'Dokumen tidak dapat dibuka: server tidak mengirim berkas yang diminta.';

/**
 * A binary answer of the API (a PDF, a spreadsheet) through the one client, so it carries the session's
 * bearer token like every call. A failure's JSON body (sent as a Blob) is read back first, so
 * `apiErrorText` shows the server's Indonesian message; an answer of another type than `accept` fails with
 * `DOCUMENT_UNREADABLE_TEXT`.
 */
export async function apiGetFile<U extends FileUrl>(
  url: U,
  params?: QueryOf<U>,
  accept = PDF_TYPE,
  client: ApiClient = hostApi,
): Promise<Blob> {
  return (await fetchApiFile(url, params, accept, client)).blob;
}

export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name of a `Content-Disposition: attachment; filename="..."` header, else `fallback`. */
export function attachmentName(disposition: unknown, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file the API makes (a spreadsheet, a PDF) and saves it under the server's file name (else
 * `fallbackName`), with the same token and error handling as `apiGetFile`. Answers the name saved.
 */
export async function apiDownload<U extends FileUrl>(
  url: U,
  params: QueryOf<U>,
  fallbackName: string,
  accept = XLSX_TYPE,
  client: ApiClient = hostApi,
): Promise<string> {
  const { blob, disposition } = await fetchApiFile(url, params, accept, client);
  const name = attachmentName(disposition, fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; free the memory a moment later.
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}

async function fetchApiFile(
  url: string,
  params: unknown,
  accept: string,
  client: ApiClient,
): Promise<{ blob: Blob; disposition: unknown }> {
  try {
    const response = await client.http.get<Blob>(url, {
      params,
      responseType: 'blob',
      headers: { Accept: accept },
    });
    const type = String(response.headers['content-type'] ?? response.data.type ?? '');
    if (!type.startsWith(accept)) {
      // As an API error with a message, so `apiErrorText` says it like any other failure.
      throw new AxiosError(DOCUMENT_UNREADABLE_TEXT, 'ERR_BAD_RESPONSE', response.config, response.request, {
        ...response,
        data: { message: DOCUMENT_UNREADABLE_TEXT },
      });
    }
    return { blob: response.data, disposition: response.headers['content-disposition'] };
  } catch (error) {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      const text = await error.response.data.text();
      try {
        error.response.data = JSON.parse(text);
      } catch {
        error.response.data = text;
      }
    }
    throw error;
  }
}

/**
 * Opens a document the API serves (a bill's PDF) in a new tab. The tab is opened at once, inside the click
 * (a tab opened after waiting for the download would be taken for a pop-up and blocked), shows "Memuat
 * dokumen…", then the file as a blob URL. If the browser refused the tab the file is downloaded instead.
 * On failure the tab closes and the error is thrown for the caller's message.
 */
export async function openApiDocument<U extends FileUrl>(
  url: U,
  params?: QueryOf<U>,
  filename = 'dokumen.pdf',
  client: ApiClient = hostApi,
): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.document.title = 'Memuat dokumen…';
    tab.document.body.textContent = 'Memuat dokumen…';
  }
  let blob: Blob;
  try {
    blob = await apiGetFile(url, params, PDF_TYPE, client);
  } catch (error) {
    tab?.close();
    throw error;
  }
  const href = URL.createObjectURL(blob);
  if (tab && !tab.closed) {
    tab.location.href = href;
  } else {
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.click();
  }
  // The tab has its own copy once loaded; the URL is kept a while for the viewer's own save button.
  window.setTimeout(() => URL.revokeObjectURL(href), 10 * 60_000);
}
