import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  SyncCheckoutRequestSchema,
  type CheckoutSyncResult,
  type SessionUrlResult,
} from '@lectern/contracts';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { BillingService } from './billing.service';
import { StripeWebhooksService } from './stripe-webhooks.service';

@Controller('api/stripe')
export class StripeController {
  constructor(
    private readonly billing: BillingService,
    private readonly webhooks: StripeWebhooksService,
  ) {}

  @Post('create-checkout-session')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  createCheckoutSession(@CurrentUser() user: UserRecord): Promise<SessionUrlResult> {
    return this.billing.createCheckoutSession(user);
  }

  @Post('create-portal-session')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  createPortalSession(@CurrentUser() user: UserRecord): Promise<SessionUrlResult> {
    return this.billing.createPortalSession(user);
  }

  /** The checkout success page: syncs that session's subscription at once; answers the user's billing state. */
  @Post('sync-checkout')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  syncCheckout(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<CheckoutSyncResult> {
    const { sessionId } = parseWith(SyncCheckoutRequestSchema, body);
    return this.billing.syncCheckout(user, sessionId);
  }

  /** Stripe's webhook: the raw body (see stripe-webhook-body.ts) and its Stripe-Signature header. */
  @Post('webhook')
  @HttpCode(200)
  webhook(
    @Req() req: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    return this.webhooks.receive(req.body, signature);
  }
}
