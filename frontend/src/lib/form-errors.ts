import type { z } from 'zod';

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/**
 * Checks a form's values with the contract's own schema (the one the server applies): null when they pass,
 * else the first message for each field, to show beside it.
 */
export function fieldErrors<TValues extends Record<string, unknown>>(
  schema: z.ZodType<unknown, TValues>,
  values: TValues,
): FieldErrors<keyof TValues & string> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors<keyof TValues & string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const key = field as keyof TValues & string;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The input of the first field (in the form's order) that has an error. */
export function firstErrorInput<TField extends string>(
  errors: FieldErrors<TField>,
  inputIds: Record<TField, string>,
): string | undefined {
  const first = (Object.keys(inputIds) as TField[]).find((field) => errors[field] !== undefined);
  return first === undefined ? undefined : inputIds[first];
}
