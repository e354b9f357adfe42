export const COMMON_INPUTS: string[];
export const STAMP: string;
/** The fingerprint of an app's build (null when git cannot list the files). */
export function fingerprintOf(root: string, appDir: string, env?: NodeJS.ProcessEnv): string | null;
export function isCurrent(distDir: string, fingerprint: string | null): boolean;
export function stamp(distDir: string, fingerprint: string | null): void;
