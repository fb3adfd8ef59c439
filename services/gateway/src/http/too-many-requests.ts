import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with a human message; the API's error filter adds `Retry-After` when the wait is known. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
