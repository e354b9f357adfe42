export interface Share {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}
export interface Expose {
  name: string;
  path?: string;
}
export interface Manifest {
  shared: Share[];
  exposes?: Expose[];
  metaData?: {
    pluginVersion?: string | undefined;
    buildInfo?: {
      loads?: string[];
      runtimeCore?: 'provides' | 'needs' | 'own';
      ownCopyFallback?: boolean;
      shares?: Record<string, { provides: string[]; needs: string[] }>;
    };
  };
}
export interface Finding {
  level: 'error' | 'warning';
  share: string;
  message: string;
}
export declare function compareShares(host: Manifest, remote: Manifest): Finding[];
export declare function compareRuntime(host: Manifest, remote: Manifest): Finding[];
export declare function compareExposes(host: Manifest, remote: Manifest): Finding[];
export declare function compareBuilds(host: Manifest, remote: Manifest): Finding[];
export interface EmbedApi {
  version: string;
  props: string[];
  events: string[];
}
export declare function compareEmbedApi(
  deployed: { metaData?: { embedApi?: EmbedApi } },
  build: { metaData?: { embedApi?: EmbedApi } },
  options?: { allowBreak?: boolean },
): Finding[];
