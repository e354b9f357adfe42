export declare const SHARED_ENTRIES: Record<string, string>;
export declare function currentExports(): Record<string, string[]>;
export interface Snapshot {
  version: string;
  entries: Record<string, Record<string, string>>;
}
export declare function readSnapshot(file?: string): Snapshot;
export declare function nextSnapshot(
  previous: Snapshot,
  exports: Record<string, string[]>,
): { snapshot: Snapshot; added: string[]; removed: string[] };
export declare function requiredRange(snapshot: Snapshot, entry: string, needs: string[]): string;
