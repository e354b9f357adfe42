export function sourcesUnder(root: string, pattern?: RegExp, folder?: string): Map<string, string>;
