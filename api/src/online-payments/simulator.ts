/** The demo's local provider (gateway-simulator/): pays an order and sends its signed notification to us. */
export interface GatewaySimulator {
  pay(orderId: string): Promise<number>;
  /** Sends Xendit's "FVA paid" callback of `amount` on the fixed VA `externalId`. */
  payFixedVa(externalId: string, amount: number): Promise<number>;
}
