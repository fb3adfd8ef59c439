import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';

/** 429 for work a user may not start now; with `Retry-After` when the wait is known. */
export class TooManyJobsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Answers TooManyJobsException as `{ message }` with its `Retry-After` header. */
@Catch(TooManyJobsException)
export class TooManyJobsFilter implements ExceptionFilter {
  catch(exception: TooManyJobsException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception.retryAfterSeconds !== null)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(HttpStatus.TOO_MANY_REQUESTS).json({ message: exception.message });
  }
}
