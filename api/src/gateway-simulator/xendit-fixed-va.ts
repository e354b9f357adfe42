/**
 * The simulator's Xendit fixed VAs (docs/online-payments.md, "Fixed VA"): `POST /callback_virtual_accounts`
 * opens one (any amount, never closing), and a payment into it is the documented "FVA paid" callback body,
 * sent with `x-callback-token`.
 */
import { randomUUID } from 'node:crypto';

interface OpenVa {
  id: string;
  external_id: string;
  bank_code: string;
  name: string;
  account_number: string;
  merchant_code: string;
  expiration_date: string;
}

const answerOf = (va: OpenVa) => ({
  ...va,
  owner_id: 'biz-test',
  is_closed: false,
  is_single_use: false,
  status: Date.parse(va.expiration_date) > Date.now() ? 'ACTIVE' : 'INACTIVE',
  currency: 'IDR',
  country: 'ID',
});

export function fixedVaDesk() {
  const vas = new Map<string, OpenVa>();
  let made = 0;
  return {
    vas,
    /** Answers `POST /callback_virtual_accounts` (the caller checked the key). */
    create(raw: string): { status: number; body: unknown } {
      const body = JSON.parse(raw) as {
        external_id?: string;
        bank_code?: string;
        name?: string;
        is_closed?: boolean;
      };
      if (!body.external_id || !body.bank_code || !body.name)
        return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'missing field' } };
      if (vas.has(body.external_id))
        return {
          status: 400,
          body: { error_code: 'DUPLICATE_CALLBACK_VIRTUAL_ACCOUNT_ERROR', message: 'external_id exists' },
        };
      made += 1;
      const va: OpenVa = {
        id: `fva-${randomUUID()}`,
        external_id: body.external_id,
        bank_code: body.bank_code,
        name: body.name,
        merchant_code: '88608',
        account_number: `88608${String(made).padStart(10, '0')}`,
        expiration_date: '2056-01-01T00:00:00.000Z',
      };
      vas.set(va.external_id, va);
      return { status: 200, body: answerOf(va) };
    },
    /** How many VAs were ever made here. */
    made: () => made,
    /** Answers `GET /callback_virtual_accounts?external_id=`: the VA of that external id, or 404. */
    find(externalId: string): { status: number; body: unknown } {
      const va = vas.get(externalId);
      if (!va) return { status: 404, body: { error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' } };
      return { status: 200, body: answerOf(va) };
    },
    /** Answers `PATCH /callback_virtual_accounts/{id}`: an `expiration_date` now or earlier closes the VA. */
    update(id: string, raw: string): { status: number; body: unknown } {
      const va = [...vas.values()].find((one) => one.id === id);
      if (!va) return { status: 404, body: { error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' } };
      const body = JSON.parse(raw) as { expiration_date?: string };
      if (!body.expiration_date || Number.isNaN(Date.parse(body.expiration_date)))
        return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'expiration_date' } };
      va.expiration_date = new Date(body.expiration_date).toISOString();
      return { status: 200, body: answerOf(va) };
    },
    /** The "FVA paid" callback body of `amount` arriving on the VA (a new payment id unless given). */
    callback(externalId: string, amount: number, paymentId = `pay-${randomUUID()}`): string {
      const va = vas.get(externalId);
      if (!va) throw new Error(`no fixed VA ${externalId}`);
      const now = new Date().toISOString();
      return JSON.stringify({
        id: randomUUID(),
        payment_id: paymentId,
        callback_virtual_account_id: va.id,
        owner_id: 'biz-test',
        external_id: va.external_id,
        account_number: va.account_number,
        bank_code: va.bank_code,
        merchant_code: va.merchant_code,
        amount,
        transaction_timestamp: now,
        sender_name: 'ORANG TUA',
        created: now,
        updated: now,
      });
    },
  };
}
