import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 for work a user may not start now; the API's error filter adds `Retry-After` when the wait is known. */
export class TooManyJobsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
