// Types of index.mjs for the TypeScript that imports it (the unit tests).
export declare const REMOTES: Record<string, { dir: string; port: number }>;
export declare const HOST_PORT: number;
export declare const HOST_LOADS: string[];
export declare function sharedLibraries(options: {
  isHost: boolean;
  production: boolean;
}): Record<string, object>;
export declare function buildInfoOf(appDir: string): {
  buildName: string;
  buildVersion: string;
  commit: string;
  builtAt: string;
  label: string;
};
export declare function federatedAppConfig(options: {
  name: string;
  appDir: string;
  port: number;
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  federation?: boolean;
  entry?: string;
  outputDir?: string;
  title?: string;
  bridge?: object;
  metaData?: object;
  /** A key of `exposes` built as its own bundle that takes only React from the page. */
  ownBundle?: string;
}): object;
