/**
 * The payment providers' notifications to us: public, verified by their signature or token, never called by a screen
 * (docs/online-payments.md). Declared here so the API registers them and the simulator sends to them by name.
 */
import type { MessageResponse } from '../common';
import { answer, post } from './define';

export const GATEWAY_ROUTES = {
  midtransNotification: post('/api/payment-gateway/midtrans/notification', answer<MessageResponse>()),
  xenditCallback: post('/api/payment-gateway/xendit/callback', answer<MessageResponse>()),
  xenditFixedVa: post('/api/payment-gateway/xendit/fixed-va', answer<MessageResponse>()),
};
