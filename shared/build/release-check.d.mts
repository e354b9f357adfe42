export interface Share {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}
export interface Manifest {
  shared: Share[];
  metaData?: {
    buildInfo?: {
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
export interface EmbedApi {
  version: string;
  props: string[];
  events: string[];
}
export declare function compareEmbedApi(
  deployed: { metaData?: { embedApi?: EmbedApi } },
  build: { metaData?: { embedApi?: EmbedApi } },
): Finding[];
