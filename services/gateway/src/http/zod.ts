import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid.';
  const field = issue.path.join('.');
  // Messages written in the contracts are whole sentences; zod's defaults need the field named.
  if (/^[A-Z]/.test(issue.message)) return issue.message;
  return field ? `${field}: ${issue.message}.` : `${issue.message}.`;
}

/** Parses a request body or parameter with a contract schema: 400 with a human message otherwise. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new BadRequestException(firstIssueMessage(result.error));
  return result.data;
}
