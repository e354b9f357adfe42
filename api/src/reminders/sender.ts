/**
 * How a reminder leaves through a gateway (docs/decisions.md#reminders-through-a-pluggable-sender): one interface,
 * chosen by configuration. None by default: then the screen offers no gateway and the API refuses to queue.
 * The only real sender is a generic webhook (JSON over HTTPS); tests inject a fake one through the app's options.
 */
import type { ReminderSenderConfig } from '../config';

/** One message to one parent. */
export interface ReminderMessageOut {
  /** +62… (normalizePhone). */
  phone: string;
  message: string;
}

export interface ReminderSender {
  /** What the logs and the README call it ('webhook'). */
  readonly name: string;
  /** Sends one message; answers the gateway's id of it, or throws (the error's message is recorded). */
  send(out: ReminderMessageOut): Promise<{ providerId: string }>;
}

/** The longest gateway answer kept as an error (a page of HTML is not useful in the outbox). */
const MAX_ERROR_BODY = 300;

/**
 * POSTs `{phone, message}` as JSON to the gateway's URL (a Bearer token when one is set); a 2xx answer is sent,
 * its `id` (or `message_id`) the provider's id; anything else throws with the status and the start of the body.
 */
export function webhookSender(config: Extract<ReminderSenderConfig, { kind: 'webhook' }>): ReminderSender {
  return {
    name: 'webhook',
    async send(out) {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify({ phone: out.phone, message: out.message }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new Error(`Gateway menjawab ${response.status}: ${text.slice(0, MAX_ERROR_BODY)}`.trim());
      }
      return { providerId: providerIdOf(text) };
    },
  };
}

/** The message's id in the gateway's JSON answer ('' when it gives none). */
function providerIdOf(text: string): string {
  try {
    const body = JSON.parse(text) as { id?: unknown; message_id?: unknown };
    const id = body.id ?? body.message_id;
    return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : '';
  } catch {
    return '';
  }
}

/** The sender configuration names, or null for none. A fake sender is never configurable. */
export function senderFromConfig(config: ReminderSenderConfig): ReminderSender | null {
  return config.kind === 'webhook' ? webhookSender(config) : null;
}
