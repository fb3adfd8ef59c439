import { HttpException } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

export const JSON_BODY_LIMIT = '1mb';

// body-parser reports its failures with a `type`; each is the client's fault, never a 500.
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'The request body is too large (1 MB at most).'],
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.verify.failed': [400, 'The request body could not be verified.'],
  'encoding.unsupported': [415, 'The request body uses an unsupported encoding.'],
  'charset.unsupported': [415, 'The request body uses an unsupported character set.'],
  'request.aborted': [400, 'The request was aborted.'],
  'request.size.invalid': [400, 'The request body does not match its length.'],
};

/** Parses JSON bodies up to 1 MB, turning every parser failure into a `{ message }` answer. */
export function jsonBody(): RequestHandler {
  const parse = express.json({ limit: JSON_BODY_LIMIT });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const type = (error as { type?: unknown }).type;
      const known = typeof type === 'string' ? BODY_ERRORS[type] : undefined;
      next(known ? new HttpException({ message: known[1] }, known[0]) : error);
    });
  };
}
