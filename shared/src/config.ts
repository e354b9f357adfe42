import * as v from 'valibot';
import { configureApi } from './api-client';
import REMOTES from './remotes.json';

export type RemoteName = keyof typeof REMOTES;
/** The five remotes the host loads at run time (THE list: remotes.json, which the build and scripts read too). */
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/**
 * `assets/config.json`, read once at start. Moving a remote or the API is a change of this file,
 * never a rebuild: `baseUrl` is the API server root (calls go to `{baseUrl}/api/...`), `titaniumUrl`
 * the suite's home, `remotes` where each remote's Module Federation manifest lives.
 */
export interface AppConfig {
  baseUrl: string;
  titaniumUrl: string;
  remotes: Record<RemoteName, string>;
}

const AppConfigSchema = v.object({
  baseUrl: v.string(),
  titaniumUrl: v.string(),
  remotes: v.object(
    Object.fromEntries(REMOTE_NAMES.map((name) => [name, v.string()])) as Record<
      RemoteName,
      v.StringSchema<undefined>
    >,
  ),
});

/** One problem of the file in Indonesian, naming the field: 'remotes.fees belum diisi'. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = v.getDotPath(issue) ?? 'isi file';
  if (issue.input === undefined) return `${field} belum diisi`;
  return `${field} harus berupa ${issue.expected === 'string' ? 'teks' : 'objek'}`;
}

// From the site root: the page may be opened at any depth (/employee/edit/5).
const DEFAULT_CONFIG_URL = '/assets/config.json';

let current: AppConfig | null = null;
let loading: Promise<AppConfig> | null = null;

/**
 * Fetches and validates the configuration file once; later calls return the same promise.
 * Throws an `Error` with a readable Indonesian message the host can show as is.
 */
export function loadConfig(url = DEFAULT_CONFIG_URL): Promise<AppConfig> {
  loading ??= fetchConfig(url).catch((error: unknown) => {
    loading = null; // let a retry fetch again
    throw error;
  });
  return loading;
}

async function fetchConfig(url: string): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache' });
  } catch {
    throw new Error(`Konfigurasi aplikasi (${url}) tidak dapat dimuat. Periksa koneksi Anda.`);
  }
  if (!response.ok) {
    throw new Error(`Konfigurasi aplikasi (${url}) tidak dapat dimuat (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`Konfigurasi aplikasi (${url}) bukan JSON yang valid.`);
  }
  const parsed = v.safeParse(AppConfigSchema, body);
  if (!parsed.success) {
    const problems = parsed.issues.map(describeIssue).join('; ');
    throw new Error(`Konfigurasi aplikasi (${url}) tidak valid: ${problems}.`);
  }
  return setConfig(parsed.output);
}

/** What an embedding page or a test gives: at least the API address. */
export interface ConfigInput {
  baseUrl: string;
  titaniumUrl?: string;
  remotes?: Partial<Record<RemoteName, string>>;
}

/**
 * Sets the configuration without fetching (a page that embeds a remote, or a test) and points the
 * API client at `baseUrl`. Missing addresses stay empty.
 */
export function setConfig(input: ConfigInput): AppConfig {
  const emptyRemotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, ''])) as Record<
    RemoteName,
    string
  >;
  current = {
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    titaniumUrl: input.titaniumUrl ?? '',
    remotes: { ...emptyRemotes, ...input.remotes },
  };
  configureApi(current.baseUrl);
  return current;
}

/** The loaded configuration; throws when `loadConfig`/`setConfig` has not run yet (a start-up bug). */
export function getConfig(): AppConfig {
  if (!current) throw new Error('Konfigurasi aplikasi belum dimuat.');
  return current;
}
