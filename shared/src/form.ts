import { valibotResolver } from '@hookform/resolvers/valibot';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as v from 'valibot';

/**
 * THE form pattern of the product: react-hook-form validated by a valibot schema, laid out by antd.
 *
 *   const { control, handleSubmit, formState } = useValibotForm(PasswordChangeSchema, { defaultValues });
 *   <HookForm onSubmit={handleSubmit(save)}>
 *     <FormField control={control} name="old_password" label="Password Lama">
 *       {(field) => <Input.Password {...field} />}
 *     </FormField>
 *     <Button htmlType="submit" loading={formState.isSubmitting}>Simpan</Button>
 *   </HookForm>
 *
 * Errors show after the first submit (react-hook-form's default mode), then follow each change.
 * Give every field a default value ('' for text) so inputs stay controlled.
 */
export function useValibotForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: v.GenericSchema<TInput, TOutput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({ ...options, resolver: valibotResolver(schema) });
}
