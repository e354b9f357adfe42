import { valibotResolver } from '@hookform/resolvers/valibot';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as v from 'valibot';

/**
 * THE form pattern: react-hook-form validated by a valibot schema, laid out by antd. `useValibotForm(Schema,
 * { defaultValues })`, then `<HookForm onSubmit={handleSubmit(save)}>` with a `<FormField control name label>`
 * per field. Errors show after the first submit, then follow each change; give every field a default ('' for
 * text) so inputs stay controlled.
 */
export function useValibotForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: v.GenericSchema<TInput, TOutput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({ ...options, resolver: valibotResolver(schema) });
}
