import { describe, expect, it, vi } from 'vitest';
import { apiErrorText } from '../src/api-client';
import { apiGetFile, DOCUMENT_UNREADABLE_TEXT, openApiDocument } from '../src/download';
import { installFakeApi } from './fake-api';

describe('API documents', () => {
  it('fetches a PDF through the one client, with the token', async () => {
    localStorage.setItem('keuangan.token', 'token-9');
    const requests = installFakeApi({
      'GET /api/doc': { body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
    });
    const blob = await apiGetFile('/api/doc', { id: 3 });
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(requests[0]?.headers.Authorization).toBe('Bearer token-9');
    expect(requests[0]?.params).toEqual({ id: 3 });
  });

  it("reads a failure's JSON body back, so the server's message is shown", async () => {
    installFakeApi({
      'GET /api/doc': {
        status: 409,
        body: new Blob([JSON.stringify({ message: 'Billing sudah lunas' })], { type: 'application/json' }),
      },
    });
    const error = await apiGetFile('/api/doc').catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe('Billing sudah lunas');
  });

  it('refuses an answer that is not the document asked for', async () => {
    installFakeApi({ 'GET /api/doc': { body: new Blob(['<html></html>'], { type: 'text/html' }) } });
    const error = await apiGetFile('/api/doc').catch((e: unknown) => e);
    expect(apiErrorText(error)).toBe(DOCUMENT_UNREADABLE_TEXT);
  });

  it('opens the file in the tab opened within the click; a failure closes that tab', async () => {
    const tab = { closed: false, close: vi.fn(), location: { href: '' }, document: { title: '', body: {} } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:doc-1');
    URL.revokeObjectURL = vi.fn();
    installFakeApi({ 'GET /api/doc': { body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) } });
    await openApiDocument('/api/doc');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:doc-1');

    installFakeApi({ 'GET /api/doc': 'network-error' });
    await expect(openApiDocument('/api/doc')).rejects.toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });
});
