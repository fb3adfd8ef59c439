import { HttpException } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Keeps the webhook's body as the exact bytes Stripe signed (a Buffer in req.body): it must run before the
 * JSON parser, which then finds the body already read and leaves it alone.
 */
export function stripeWebhookBody(): RequestHandler {
  const parse = express.raw({ type: () => true, limit: '1mb' });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
      next(
        new HttpException(
          {
            message: tooLarge
              ? 'The request body is too large (1 MB at most).'
              : 'The request body could not be read.',
          },
          tooLarge ? 413 : 400,
        ),
      );
    });
  };
}
