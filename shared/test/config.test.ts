import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const validConfig = {
  baseUrl: 'http://localhost:3000/',
  titaniumUrl: 'http://titanium.local',
  remotes: {
    staff: 'http://localhost:3101/mf-manifest.json',
    fees: 'http://localhost:3102/mf-manifest.json',
    billing: 'http://localhost:3103/mf-manifest.json',
    admissions: 'http://localhost:3104/mf-manifest.json',
    receipts: 'http://localhost:3105/mf-manifest.json',
  },
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The loader keeps its result in module state: every test gets fresh modules.
async function freshModules() {
  vi.resetModules();
  const config = await import('../src/config');
  const { api } = await import('../src/api-client');
  return { ...config, api };
}

describe('config loader', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads /assets/config.json once and points the API client at baseUrl', async () => {
    fetchMock.mockResolvedValue(jsonResponse(validConfig));
    const { loadConfig, getConfig, api } = await freshModules();
    const loaded = await loadConfig();
    await loadConfig();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/assets/config.json');
    expect(loaded.baseUrl).toBe('http://localhost:3000');
    expect(getConfig().remotes.billing).toBe('http://localhost:3103/mf-manifest.json');
    expect(api.defaults.baseURL).toBe('http://localhost:3000');
  });

  it('rejects a file of the wrong shape with a readable message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ baseUrl: 42, remotes: { ...validConfig.remotes, fees: undefined } }),
    );
    const { loadConfig, getConfig } = await freshModules();
    const error = await loadConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('Konfigurasi aplikasi (/assets/config.json) tidak valid');
    expect(message).toContain('baseUrl harus berupa teks');
    expect(message).toContain('titaniumUrl belum diisi');
    expect(message).toContain('remotes.fees belum diisi');
    expect(() => getConfig()).toThrow('Konfigurasi aplikasi belum dimuat.');
  });

  it('reports a missing file and a file that is not JSON, and allows a retry', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404 }));
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    fetchMock.mockResolvedValueOnce(jsonResponse(validConfig));
    const { loadConfig } = await freshModules();
    await expect(loadConfig()).rejects.toThrow('tidak dapat dimuat (HTTP 404)');
    await expect(loadConfig()).rejects.toThrow('bukan JSON yang valid');
    await expect(loadConfig()).resolves.toMatchObject({ titaniumUrl: 'http://titanium.local' });
  });

  it('rejects a file that is not an object', async () => {
    fetchMock.mockResolvedValue(jsonResponse('x'));
    const { loadConfig } = await freshModules();
    await expect(loadConfig()).rejects.toThrow('tidak valid: isi file harus berupa objek.');
  });

  it('reports an unreachable server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { loadConfig } = await freshModules();
    await expect(loadConfig('/cfg.json')).rejects.toThrow(
      'Konfigurasi aplikasi (/cfg.json) tidak dapat dimuat. Periksa koneksi Anda.',
    );
  });

  it('setConfig serves pages that embed a remote with only the API address', async () => {
    const { setConfig, getConfig, api } = await freshModules();
    setConfig({ baseUrl: 'https://api.sekolah.id/' });
    expect(getConfig()).toEqual({
      baseUrl: 'https://api.sekolah.id',
      titaniumUrl: '',
      remotes: { staff: '', fees: '', billing: '', admissions: '', receipts: '' },
    });
    expect(api.defaults.baseURL).toBe('https://api.sekolah.id');
  });
});
