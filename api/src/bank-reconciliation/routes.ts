/**
 * Rekonsiliasi Bank (issue 37, docs/bank-reconciliation.md): a branch's bank accounts, the generic template,
 * importing a statement, the month's credit lines with their candidates, assigning a line to students, posting it,
 * and the month's overview and its workbook. Finance editors of the branch. The rules: api/ROUTES.md "Bank
 * reconciliation".
 */
import {
  BANK_MESSAGES,
  BANK_STATEMENT_FIELD,
  BANK_STATEMENT_MAX_BYTES,
  type BankAccount,
  type BankAccountList,
  type BankImportResult,
  type BankLayoutKey,
  type BankLineList,
  type BankOverview,
  type BankPostResult,
  type MessageResponse,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { DOCUMENT_ROUTE } from '../lib/document-limit';
import { sendFile } from '../lib/download';
import { ApiError, MESSAGES } from '../lib/errors';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { sendXlsx } from '../lib/xlsx';
import { routeDocs, XLSX } from '../openapi/route-docs';
import { GENERIC_TEMPLATE, LAYOUTS } from './layouts';
import { monthLines, monthOverview } from './month';
import { parseStatement } from './parse';
import { findAccount, listAccounts } from './queries';
import { addAccount, allocateLine, postLine, recordImport } from './writes';

const documented = routeDocs('Bank reconciliation');

export async function bankReconciliationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.bank.accounts.local,
    documented(guard, { summary: "The branch's bank accounts", input: 'none', response: 'BankAccountList' }),
    async (request): Promise<BankAccountList> => ({ data: await listAccounts(db, requireAuth(request)) }),
  );

  app.post(
    ROUTES.bank.createAccount.local,
    documented(guard, {
      summary: 'Add a bank account to the branch',
      response: 'BankAccount',
      status: [201],
    }),
    async (request, reply): Promise<BankAccount> => {
      const auth = requireAuth(request);
      const body = validate(ROUTE_INPUTS.bank.createAccount.body, request.body);
      const account = await addAccount(app.database, auth, body);
      reply.status(201);
      return account;
    },
  );

  app.get(
    ROUTES.bank.template.local,
    documented(guard, {
      summary: 'The generic statement template (CSV, semicolons)',
      input: 'none',
      response: { file: 'text/csv' },
    }),
    async (_request, reply) =>
      sendFile(
        reply,
        Buffer.from(GENERIC_TEMPLATE),
        'text/csv; charset=utf-8',
        'template-mutasi-bank.csv',
        'attachment',
      ),
  );

  app.post(
    ROUTES.bank.importStatement.local,
    documented(guard, {
      summary: 'Import a statement file for the account (all or nothing; lines known already are skipped)',
      input: { body: 'statement' },
      response: 'BankImportResult',
      status: [201],
    }),
    async (request, reply): Promise<BankImportResult> => {
      const auth = requireAuth(request);
      const account = await findAccount(db, auth, pathId(request));
      const upload = await readStatement(request);
      const layout = LAYOUTS[account.bank as BankLayoutKey] ?? LAYOUTS.generic;
      const statement = await parseStatement(upload.bytes, layout, todayIn(auth));
      const made = await recordImport(app.database, auth, account, upload.name, statement);
      const credits = statement.lines.filter((l) => l.credit > 0).length;
      reply.status(201);
      return {
        id: made.id,
        credit_lines: credits,
        new_lines: made.newLines,
        duplicate_lines: credits - made.newLines,
        debit_lines: statement.lines.length - credits,
        closing_balance: statement.closing_balance,
      };
    },
  );

  app.get(
    ROUTES.bank.lines.local,
    documented(guard, {
      summary: "An account's credit lines of a month with their candidates (Cocok, Belum Cocok, posted)",
      response: 'BankLineList',
    }),
    async (request): Promise<BankLineList> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.bank.lines.query, request.query);
      await findAccount(db, auth, query.bank_account_id);
      const month = await monthLines(db, auth, query.bank_account_id, query.mm);
      return { data: month.map((m) => m.line) };
    },
  );

  app.get(
    ROUTES.bank.overview.local,
    documented(guard, {
      summary:
        "An account's month: lines imported, Cocok, Belum Cocok, posted, and the closing balance against it",
      response: 'BankOverview',
    }),
    async (request): Promise<BankOverview> => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.bank.overview.query, request.query);
      await findAccount(db, auth, query.bank_account_id);
      return (await monthOverview(db, auth, query.bank_account_id, query.mm)).overview;
    },
  );

  app.get(
    ROUTES.bank.xlsx.local,
    documented(
      { ...guard, config: DOCUMENT_ROUTE },
      {
        summary: "An account's month of reconciliation as a workbook (figures and lines)",
        response: { file: XLSX },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = validate(ROUTE_INPUTS.bank.xlsx.query, request.query);
      const account = await findAccount(db, auth, query.bank_account_id);
      const { overview, rows } = await monthOverview(db, auth, account.id, query.mm);
      const heading: [string, string][] = [
        ['Rekening', `${account.account_number} ${account.account_name}`],
        ['Bulan', query.mm],
      ];
      const file = await app.documents.build('bankReconciliationWorkbook', overview, rows, heading);
      return sendXlsx(reply, file, `rekonsiliasi-bank-${account.account_number}-${query.mm}.xlsx`);
    },
  );

  app.post(
    ROUTES.bank.allocateLine.local,
    documented(guard, {
      summary: 'Assign a line to one or several students (shares adding up to its amount)',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(ROUTE_INPUTS.bank.allocateLine.body, request.body);
      await allocateLine(app.database, auth, id, body.allocations);
      return { message: 'Pembagian mutasi disimpan' };
    },
  );

  app.post(
    ROUTES.bank.postLine.local,
    documented(guard, {
      summary: 'Post a line as Transfer payments (once: a posted line is refused)',
      input: 'none',
      response: 'BankPostResult',
      status: [201],
    }),
    async (request, reply): Promise<BankPostResult> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const result = await postLine(app.database, auth, id);
      reply.status(201);
      return result;
    },
  );

  /** The one file of field `file`, at most BANK_STATEMENT_MAX_BYTES; a broken upload is 4xx, never a 500. */
  async function readStatement(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
    const missing = new ApiError(422, BANK_MESSAGES.fileRequired, {
      [BANK_STATEMENT_FIELD]: [BANK_MESSAGES.fileRequired],
    });
    if (!request.isMultipart()) throw missing;
    const errors = app.multipartErrors;
    try {
      const file = await request.file({ limits: { fileSize: BANK_STATEMENT_MAX_BYTES } });
      if (!file || file.fieldname !== BANK_STATEMENT_FIELD) throw missing;
      return { name: file.filename || 'mutasi', bytes: await file.toBuffer() };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof errors.RequestFileTooLargeError) {
        throw new ApiError(413, BANK_MESSAGES.tooLarge, { [BANK_STATEMENT_FIELD]: [BANK_MESSAGES.tooLarge] });
      }
      if (
        error instanceof errors.PartsLimitError ||
        error instanceof errors.FilesLimitError ||
        error instanceof errors.FieldsLimitError
      ) {
        throw new ApiError(413, MESSAGES.tooManyParts);
      }
      throw new ApiError(400, MESSAGES.badUpload);
    }
  }
}
