export interface Arrow {
  file: string;
  specifier: string;
  from: string;
  to: string;
}
export const BASE_LAYERS: string[];
export function specifiersOf(source: string): string[];
export function unitOf(file: string): string;
export function arrowsOf(files: Map<string, string>): Arrow[];
export function mutualPairs(arrows: Arrow[]): string[];
export function problemsOf(arrows: Arrow[]): string[];
