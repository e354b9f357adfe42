export interface Block {
  line: number;
  lines: string[];
}
export const MAX_LINES: number;
export const ALGORITHM: string;
export const PENDING: string[];
export function blocksOf(source: string): Block[];
export function tooLong(block: Block): boolean;
export function problemsOf(files: Map<string, string>, pending?: string[]): string[];
export function commentedSources(root: string): Map<string, string>;
