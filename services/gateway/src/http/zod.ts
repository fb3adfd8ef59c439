import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid.';
  const field = issue.path.join('.');
  if (field === '' && issue.code === 'invalid_type') return 'The request body must be a JSON object.';
  // Messages written in the contracts are whole sentences, or the exact words the web app shows; zod's own
  // defaults ("Invalid option: expected one of …") say neither which field nor in plain words.
  if (/[.!?]$/.test(issue.message) || !issue.message.includes(':')) return issue.message;
  if (issue.code === 'invalid_value' && field)
    return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
  if (issue.code === 'invalid_type' && field) return `${field} must be of type ${issue.expected}.`;
  return field ? `${field} is invalid.` : 'The request is invalid.';
}

/** Parses a request body or parameter with a contract schema: 400 with a human message otherwise. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new BadRequestException(firstIssueMessage(result.error));
  return result.data;
}
