/** What the billing route files share: the database, the guards (a session, or an embed token) and a write's answer. */
import type { StudentBillingWriteResponse } from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import type { ZonedScope } from '../lib/scope';
import { routeDocs } from '../openapi/route-docs';
import { loadBillDetail } from './queries';

export const WRITE_MESSAGES = {
  confirmedAll: 'Konfirmasi Form Billing Siswa Berhasil',
  confirmed: 'Konfirmasi billing Berhasil',
  unconfirmed: 'Konfirmasi billing berhasil dibatalkan',
  itemAdded: 'Berhasil Menambahkan Komponen',
  updated: 'Data berhasil diubah.',
  deleted: 'Data berhasil dihapus',
} as const;

/** The guards and helpers of the billing routes, for one app. */
export function billingRouteContext(app: FastifyInstance) {
  const documented = routeDocs('Billing');
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  // What the embedded view calls: embed tokens reach these, for their own student (auth/embed-tokens.ts).
  const embedRead = { ...guard, config: { embed: 'read' as const } };
  const embedPay = { ...guard, config: { embed: 'pay' as const } };
  const embedDocument = { ...guard, config: { embed: 'read' as const, ...DOCUMENT_ROUTE } };
  const writeAnswer = async (
    scope: ZonedScope,
    id: number,
    message: string,
  ): Promise<StudentBillingWriteResponse> => ({
    message,
    data: await loadBillDetail(db, scope, id),
  });
  return { db, guard, embedRead, embedPay, embedDocument, writeAnswer, documented };
}
