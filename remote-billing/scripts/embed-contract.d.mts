/** Declarations of embed-contract.mjs (the build's check of embed-api.json against the view's types). */
export interface EmbedContract {
  version: string;
  props: string[];
  events: string[];
}
export declare const TYPES_FILE: string;
export declare const CONTRACT_FILE: string;
export declare function tscPath(): string;
export declare function contractErrors(contract: EmbedContract, typesFile?: string): string[];
export declare function checkedEmbedContract(typesFile?: string, contractFile?: string): EmbedContract;
