import { REMOTE_NAMES, type RemoteName } from '@keuangan/shared/core';

/** What a build says about itself (shared/build: `buildInfoOf`), compiled into the host and in every manifest. */
export interface BuildInfo {
  buildName: string;
  buildVersion: string;
  commit: string;
  /** ISO time of the build. */
  builtAt: string;
  /** KEUANGAN_BUILD_LABEL at build time, e.g. a release name; '' when none. */
  label: string;
}

declare const __KEUANGAN_BUILD_INFO__: BuildInfo | undefined;

/** The host's own build (unit tests run unbuilt: then it says so). */
export const HOST_BUILD: BuildInfo =
  typeof __KEUANGAN_BUILD_INFO__ === 'undefined'
    ? { buildName: '@keuangan/host', buildVersion: '-', commit: '-', builtAt: '', label: '' }
    : __KEUANGAN_BUILD_INFO__;

export type PartStatus = { state: 'ok'; build: BuildInfo } | { state: 'failed'; reason: string };

export interface PartRow {
  key: string;
  part: string;
  /** Where the part is read from: the manifest address, or 'dibangun bersama host'. */
  source: string;
  status: PartStatus;
}

/** The labels of the parts, as support names them. */
export const PART_LABELS: Record<'host' | RemoteName, string> = {
  host: 'Host (kerangka aplikasi)',
  staff: 'Pegawai (staff)',
  fees: 'Komponen Biaya (fees)',
  billing: 'Billing (billing)',
  admissions: 'Penerimaan (admissions)',
  receipts: 'Kuitansi (receipts)',
};

/** Reads a remote's build info from its manifest (metaData.buildInfo); a clear reason when it cannot. */
export async function readRemoteBuild(manifestUrl: string, signal?: AbortSignal): Promise<PartStatus> {
  if (!manifestUrl) return { state: 'failed', reason: 'Alamat manifest belum diisi di assets/config.json.' };
  let response: Response;
  try {
    response = await fetch(manifestUrl, { cache: 'no-cache', signal });
  } catch {
    return { state: 'failed', reason: 'Tidak dapat dihubungi.' };
  }
  if (!response.ok) return { state: 'failed', reason: `Tidak dapat dimuat (HTTP ${response.status}).` };
  try {
    const manifest = (await response.json()) as { metaData?: { buildInfo?: Partial<BuildInfo> } };
    const info = manifest.metaData?.buildInfo;
    if (!info?.buildVersion) return { state: 'failed', reason: 'Manifest tanpa informasi build.' };
    return {
      state: 'ok',
      build: {
        buildName: info.buildName ?? '',
        buildVersion: info.buildVersion,
        commit: info.commit ?? '-',
        builtAt: info.builtAt ?? '',
        label: info.label ?? '',
      },
    };
  } catch {
    return { state: 'failed', reason: 'Manifest bukan JSON yang valid.' };
  }
}

/** The host's row, then one row per remote in the configured order. */
export async function readAllParts(
  remotes: Record<RemoteName, string>,
  signal?: AbortSignal,
): Promise<PartRow[]> {
  const remoteRows = await Promise.all(
    REMOTE_NAMES.map(async (name) => ({
      key: name,
      part: PART_LABELS[name],
      source: remotes[name],
      status: await readRemoteBuild(remotes[name], signal),
    })),
  );
  return [
    {
      key: 'host',
      part: PART_LABELS.host,
      source: 'dibangun bersama host',
      status: { state: 'ok', build: HOST_BUILD },
    },
    ...remoteRows,
  ];
}
