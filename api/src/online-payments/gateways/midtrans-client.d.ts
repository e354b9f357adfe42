// The few parts of the official Midtrans library this API calls (it ships no types).
declare module 'midtrans-client' {
  interface ApiConfig {
    getCoreApiBaseUrl(): string;
  }
  class CoreApi {
    constructor(options: { isProduction: boolean; serverKey: string; clientKey?: string });
    apiConfig: ApiConfig;
    httpClient: { http_client: { defaults: { timeout: number } } };
    charge(parameter: object): Promise<Record<string, unknown>>;
    transaction: {
      status(orderOrTransactionId: string): Promise<Record<string, unknown>>;
      cancel(orderOrTransactionId: string): Promise<Record<string, unknown>>;
    };
  }
  class MidtransError extends Error {
    httpStatusCode: number | string | null;
    ApiResponse: unknown;
  }
  const midtransClient: { CoreApi: typeof CoreApi; MidtransError: typeof MidtransError };
  export default midtransClient;
}
