/** The one way input is checked: a valibot schema, failing with 422 `{message, errors}`. */
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, MESSAGES, notFound } from './errors';

/**
 * Parses `input` with `schema`. On failure: 422 whose `message` joins the field messages with ', '
 * (the screens split commas into lines) and whose `errors` lists them per field.
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, withDeclaredKeys(schema, input));
  if (result.success) return result.output;

  const errors: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '_';
    // An issue on the whole input has no readable field message.
    const message = field === '_' ? MESSAGES.badRequest : issue.message;
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  }
  const message = [...new Set(Object.values(errors).flat())].join(', ');
  throw new ApiError(422, message, errors);
}

/**
 * A missing body is an empty form, and a missing field an empty field: valibot reports an absent key with a
 * generic English message, but a present-yet-undefined one with the field's own ("... Tidak Boleh Kosong").
 * A body that is not an object at all (an array, a string) is refused outright.
 */
function withDeclaredKeys(schema: v.GenericSchema, input: unknown): unknown {
  const entries = objectEntries(schema);
  if (!entries) return input;
  const value = input ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError(422, MESSAGES.badRequest);
  return { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...value };
}

/** The entries of an object schema, also when it opens a pipe (v.pipe(v.object(...), check...)). */
function objectEntries(schema: unknown): Record<string, unknown> | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if ('entries' in schema) return schema.entries as Record<string, unknown>;
  if ('pipe' in schema && Array.isArray(schema.pipe)) return objectEntries(schema.pipe[0]);
  return undefined;
}

/** The `{id}` of a path; anything but a positive whole number is simply not found (ids are not probed). */
export function pathId(request: FastifyRequest): number {
  const { id } = request.params as { id?: string };
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) throw notFound();
  return Number(id);
}
