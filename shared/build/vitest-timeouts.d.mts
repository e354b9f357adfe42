export declare const ASYNC_TIMEOUT_MS: number;
export declare const TEST_TIMEOUT_MS: number;
