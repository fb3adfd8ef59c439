import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

type SchemaFormOptions<TValues extends Record<string, unknown>> = Omit<
  UseFormProps<TValues>,
  'resolver' | 'defaultValues'
> & { defaultValues: DefaultValues<TValues> };

/**
 * A form checked with a contract schema, the one the gateway applies to the same request: a field's error is
 * the sentence the server would answer. Submitting hands over the values as typed (the server normalises them
 * itself); errors show on submit, then follow each change.
 */
export function useSchemaForm<TValues extends Record<string, unknown>>(
  schema: z.ZodType<unknown, TValues>,
  options: SchemaFormOptions<TValues>,
): UseFormReturn<TValues> {
  return useForm<TValues>({ ...options, resolver: zodResolver(schema, undefined, { raw: true }) });
}
