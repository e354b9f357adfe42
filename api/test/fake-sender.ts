/**
 * A reminder sender for tests only (reminders/sender.ts): it records what it was asked to send, may wait a little
 * (so two drainers overlap) and may fail. Never selectable by configuration: a test hands it to the app.
 */
import type { ReminderMessageOut, ReminderSender } from '../src/reminders/sender';

export interface FakeSender extends ReminderSender {
  /** Every message it was asked to send, in order (failed ones too). */
  readonly calls: ReminderMessageOut[];
  /** Messages it accepted. */
  readonly sent: ReminderMessageOut[];
  /** When set, every send throws this message. */
  failWith: string | null;
}

export function fakeSender({ delayMs = 0 }: { delayMs?: number } = {}): FakeSender {
  const sender: FakeSender = {
    name: 'fake',
    calls: [],
    sent: [],
    failWith: null,
    async send(out) {
      sender.calls.push(out);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (sender.failWith) throw new Error(sender.failWith);
      sender.sent.push(out);
      return { providerId: `fake-${sender.sent.length}` };
    },
  };
  return sender;
}
