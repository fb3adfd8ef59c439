import { ForbiddenException, Logger } from '@nestjs/common';

const logger = new Logger('JobResults');

/**
 * A job answered a result made for something else than what this user asked for: the job's data was changed in
 * Redis after it was queued. Nothing of it reaches the user; the operator gets a loud log line.
 */
export function foreignResult(what: string, details: Record<string, unknown>): ForbiddenException {
  logger.error(details, `a ${what} job answered a result that was not made for its request; it was not used`);
  return new ForbiddenException(
    `The ${what} Lectern received was not made for your request, so it was not used. Please try again.`,
  );
}

/**
 * The fields asked for beside those a result answered, when any of them differs (the details of a foreign
 * result); null when the result answers every field as asked.
 */
export function askedAndAnswered<A extends Record<string, unknown>>(
  asked: A,
  result: { readonly [K in keyof A]: unknown },
): { asked: A; answered: Record<keyof A, unknown> } | null {
  const keys = Object.keys(asked) as (keyof A)[];
  if (keys.every((key) => result[key] === asked[key])) return null;
  const answered = Object.fromEntries(keys.map((key) => [key, result[key]])) as Record<keyof A, unknown>;
  return { asked, answered };
}
