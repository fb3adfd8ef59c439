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
