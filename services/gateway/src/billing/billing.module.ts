import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { BillingService } from './billing.service';
import { PlanChangesListener } from './plan-changes.listener';
import { StripeController } from './stripe.controller';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Stripe checkout, the billing portal, the signed webhook and plan-changed events. */
@Module({
  imports: [UsageModule],
  controllers: [StripeController],
  providers: [BillingService, StripeWebhooksService, PlanChangesListener],
  exports: [PlanChangesListener],
})
export class BillingModule {}
