/**
 * The fee component writes, one function each: every one runs in its own transaction, checks with rules.ts,
 * writes with queries.ts and records its audit row (api/ROUTES.md, "Fee components").
 */
import {
  dueDateInMonth,
  type FeeComponentFilter,
  type FeeComponentPayload,
  type FeeComponentXUpdateSchema,
} from '@keuangan/shared/contract';
import type * as v from 'valibot';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { fee_types } from '../db/schema';
import { auditWho, recordAudit } from '../lib/audit-record';
import { ApiError, notFound } from '../lib/errors';
import { findInBranch } from '../lib/scope';
import { addMonths } from '../lib/time';
import {
  classMonthComponents,
  deleteComponents,
  insertComponent,
  insertMissing,
  levelDefaults,
  linkedComponentIds,
  lockComponents,
  updateComponent,
} from './queries';
import { checkFeeTypeFree, checkPlacement, LOCKED_DELETE, LOCKED_UPDATE, lockEditable } from './rules';

type Scope = AuthContext;
type FieldChange = v.InferOutput<typeof FeeComponentXUpdateSchema>;

/** Adds a component to a class-month; answers its id. */
export function addComponent(database: Database, scope: Scope, body: FeeComponentPayload): Promise<number> {
  return database.transaction(async (tx) => {
    await checkPlacement(tx, scope, body);
    await findInBranch(tx, scope, fee_types, body.fee_type_id);
    await checkFeeTypeFree(tx, body);
    const id = await insertComponent(tx, scope, body);
    await recordAudit(tx, auditWho(scope), {
      action: 'fee_component.create',
      entity: 'student_fee_component',
      entityId: id,
      after: {
        name: body.name,
        price: body.price,
        mm: body.mm,
        class_id: body.class_id,
        due_day: body.due_day,
        due_date: body.due_date,
      },
    });
    return id;
  });
}

/** Edits a component not yet charged. */
export function editComponent(database: Database, scope: Scope, id: number, body: FeeComponentPayload) {
  return database.transaction(async (tx) => {
    const before = await lockEditable(tx, scope, id, LOCKED_UPDATE);
    await checkPlacement(tx, scope, body);
    await findInBranch(tx, scope, fee_types, body.fee_type_id);
    await checkFeeTypeFree(tx, body, id);
    await updateComponent(tx, id, body);
    await recordAudit(tx, auditWho(scope), {
      action: 'fee_component.update',
      entity: 'student_fee_component',
      entityId: id,
      before: {
        name: before.name,
        price: before.price,
        ftype: before.ftype,
        due_day: before.due_day,
        due_date: before.due_date,
      },
      after: {
        name: body.name,
        price: body.price,
        ftype: body.ftype,
        due_day: body.due_day,
        due_date: body.due_date,
      },
    });
  });
}

/** Changes one field of a component not yet charged. */
export function editComponentField(database: Database, scope: Scope, id: number, body: FieldChange) {
  return database.transaction(async (tx) => {
    const before = await lockEditable(tx, scope, id, LOCKED_UPDATE);
    // A due day replaces a fixed due date (a component has one of the two).
    const due = body.field === 'due_day' ? { due_date: null } : {};
    await updateComponent(tx, id, { [body.field]: body.value, ...due });
    await recordAudit(tx, auditWho(scope), {
      action: 'fee_component.update',
      entity: 'student_fee_component',
      entityId: id,
      before: { [body.field]: before[body.field as keyof typeof before] },
      after: { [body.field]: body.value },
    });
  });
}

export function removeComponent(database: Database, scope: Scope, id: number) {
  return database.transaction(async (tx) => {
    const before = await lockEditable(tx, scope, id, LOCKED_DELETE);
    await deleteComponents(tx, [id]);
    await recordAudit(tx, auditWho(scope), {
      action: 'fee_component.delete',
      entity: 'student_fee_component',
      entityId: id,
      before: { name: before.name, price: before.price },
    });
  });
}

/** All or nothing: one unknown or charged component and nothing is deleted; answers how many were. */
export function removeComponents(database: Database, scope: Scope, ids: number[]): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await lockComponents(tx, scope, ids);
    if (rows.length !== ids.length) throw notFound();
    const linked = await linkedComponentIds(tx, ids);
    if (linked.size > 0) {
      // Names joined with ';': the screens turn commas into line breaks.
      const names = rows.filter((r) => linked.has(r.id)).map((r) => r.name);
      const message = `Tidak ada data yang dihapus. Komponen berikut sudah dibebankan ke siswa: ${names.join('; ')}`;
      throw new ApiError(409, message, { item_ids: [message] });
    }
    await deleteComponents(tx, ids);
    await recordAudit(tx, auditWho(scope), {
      action: 'fee_component.delete',
      entity: 'student_fee_component',
      before: { count: ids.length, components: rows.map((r) => ({ id: r.id, name: r.name })) },
    });
    return ids.length;
  });
}

/** Generate: the level's default fees become the class-month's components, fee types it has skipped. */
export function generateComponents(database: Database, scope: Scope, filter: FeeComponentFilter) {
  return database.transaction(async (tx) => {
    await checkPlacement(tx, scope, filter);
    const defaults = await levelDefaults(tx, scope, filter.department_id, filter.level_id);
    const created = await insertMissing(
      tx,
      defaults.map((fee) => ({
        ...filter,
        client_id: scope.clientId,
        branch_id: scope.branchId,
        fee_type_id: fee.fee_type_id,
        ftype: fee.ftype,
        name: fee.name,
        price: fee.price,
        description: fee.description,
        due_day: fee.due_day,
        due_date: null,
      })),
    );
    if (created > 0) {
      await recordAudit(tx, auditWho(scope), {
        action: 'fee_component.create',
        entity: 'student_fee_component',
        after: { generated: created, class_id: filter.class_id, mm: filter.mm },
      });
    }
    return { created, skipped: defaults.length - created };
  });
}

/** Copy: the class's components of the month before into the chosen month, fee types it has skipped. */
export function copyPreviousMonth(database: Database, scope: Scope, filter: FeeComponentFilter) {
  const sourceMonth = addMonths(filter.mm, -1);
  return database.transaction(async (tx) => {
    await checkPlacement(tx, scope, filter);
    const source = await classMonthComponents(tx, scope, filter.class_id, sourceMonth);
    const copied = await insertMissing(
      tx,
      source.map((c) => ({
        ...filter,
        client_id: scope.clientId,
        branch_id: scope.branchId,
        fee_type_id: c.fee_type_id,
        ftype: c.ftype,
        name: c.name,
        price: c.price,
        description: c.description,
        ...dueMovedOneMonth(c),
      })),
    );
    if (copied > 0) {
      await recordAudit(tx, auditWho(scope), {
        action: 'fee_component.create',
        entity: 'student_fee_component',
        after: { copied, from_mm: sourceMonth, class_id: filter.class_id, mm: filter.mm },
      });
    }
    return { source_mm: sourceMonth, copied, skipped: source.length - copied };
  });
}

/** A copied component's due: the same day, or its fixed date one month later (the day kept, or the month's last). */
function dueMovedOneMonth(c: { due_day: number | null; due_date: string | null }) {
  if (!c.due_date) return { due_day: c.due_day, due_date: null };
  return {
    due_day: null,
    due_date: dueDateInMonth(addMonths(c.due_date.slice(0, 7), 1), Number(c.due_date.slice(8, 10))),
  };
}
