import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { JobRequestError } from '@lectern/queue-runtime';
import { TooManyRequestsException } from './too-many-requests';

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
const BAD_ADDRESS = 'The address of this request is not valid.';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request is invalid.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request body is too large.',
  415: 'Requests must be sent as JSON (Content-Type: application/json).',
  429: 'Too many requests. Please slow down.',
};

/**
 * One shape for every error: `{ message }` with a human sentence (and a `code` on the few refusals the app acts
 * on); 5xx are logged with their cause.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, message] = describeApiError(exception);
    if (status >= 500) this.logger.error({ err: exception }, 'request failed');
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof TooManyRequestsException && exception.retryAfterSeconds !== null) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    const code = codeOf(exception);
    response.status(status).json(code ? { message, code } : { message });
  }
}

/** The machine-readable `code` an HttpException was made with (`new XException({ message, code })`), if any. */
function codeOf(exception: unknown): string | undefined {
  if (!(exception instanceof HttpException)) return undefined;
  const body = exception.getResponse();
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
    ? body.code
    : undefined;
}

/**
 * The status and human sentence an error is answered with: as JSON by the filter, or as an event stream's
 * `error` event once the stream has begun.
 */
export function describeApiError(exception: unknown): [number, string] {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return [status, httpExceptionMessage(exception, status)];
  }
  if (exception instanceof JobRequestError) {
    return exception.internal || (exception.status >= 500 && exception.status < 502)
      ? [HttpStatus.INTERNAL_SERVER_ERROR, GENERIC_SERVER_ERROR]
      : [exception.status, exception.message];
  }
  return [HttpStatus.INTERNAL_SERVER_ERROR, GENERIC_SERVER_ERROR];
}

function httpExceptionMessage(exception: HttpException, status: number): string {
  if (status >= 500 && status !== 502 && status !== 503 && status !== 504) return GENERIC_SERVER_ERROR;
  const body = exception.getResponse();
  const raw =
    typeof body === 'string'
      ? body
      : typeof body === 'object' && body !== null && 'message' in body
        ? body.message
        : undefined;
  const message = Array.isArray(raw) ? raw.join(' ') : typeof raw === 'string' ? raw : undefined;
  // Express's router on a path parameter with a broken %-escape: "Failed to decode param '%zz'".
  if (message?.startsWith('Failed to decode param')) return BAD_ADDRESS;
  // Nest's own router messages ("Cannot GET /api/x") and status names are not for users.
  if (
    !message ||
    message.startsWith('Cannot ') ||
    message === exception.name ||
    message === HttpStatus[status]
  ) {
    return (
      DEFAULT_MESSAGES[status] ??
      (status >= 500 ? GENERIC_SERVER_ERROR : 'The request could not be completed.')
    );
  }
  return message;
}
