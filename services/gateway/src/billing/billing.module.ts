import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { BillingService } from './billing.service';
import { PlanChangesListener } from './plan-changes.listener';
import { StripeController } from './stripe.controller';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Stripe checkout, the billing portal, the signed webhook and plan-changed events. */
@Module({
  imports: [LibraryModule],
  controllers: [StripeController],
  providers: [BillingService, StripeWebhooksService, PlanChangesListener],
  exports: [PlanChangesListener],
})
export class BillingModule {}
