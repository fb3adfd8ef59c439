import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  BillingMessage,
  hasProAccess,
  type CheckoutSyncResult,
  type SessionUrlResult,
} from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { laneFor } from '../jobs/user-jobs';
import { JobAdmission } from '../usage/job-admission';
import type { UserRecord } from '@lectern/db';

const SESSION_TIMEOUT_MS = 20_000;

/** Checkout and the billing portal: the rules here, the conversation with Stripe in the billing worker. */
@Injectable()
export class BillingService {
  constructor(
    private readonly requester: JobRequester,
    private readonly admission: JobAdmission,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  get configured(): boolean {
    return this.env.STRIPE_SECRET_KEY !== '';
  }

  requireConfigured(): void {
    if (!this.configured) throw new ServiceUnavailableException(BillingMessage.NotConfigured);
  }

  async createCheckoutSession(user: UserRecord): Promise<SessionUrlResult> {
    this.requireConfigured();
    if (this.env.STRIPE_PRICE_ID === '') throw new ServiceUnavailableException(BillingMessage.NotConfigured);
    // Admins are Pro-equivalent whatever Stripe says: nothing to buy.
    if (hasProAccess(user)) throw new ConflictException(BillingMessage.AlreadyPro);
    return this.viaStripe(user, () =>
      this.requester.request(
        'billing',
        'create-checkout-session',
        {
          userId: user.id,
          // Stripe fills in {CHECKOUT_SESSION_ID} itself.
          successUrl: `${this.env.APP_URL}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${this.env.APP_URL}/pricing/cancel`,
        },
        {
          lane: 'free',
          timeoutMs: SESSION_TIMEOUT_MS,
          timeoutMessage: 'Stripe took too long to start checkout. Please try again.',
          // The page's URL pays for this account: Redis keeps it sealed, never readable.
          sealResult: true,
        },
      ),
    );
  }

  async createPortalSession(user: UserRecord): Promise<SessionUrlResult> {
    this.requireConfigured();
    if (!user.stripeCustomerId) throw new BadRequestException(BillingMessage.NoCustomer);
    return this.viaStripe(user, () =>
      this.requester.request(
        'billing',
        'create-portal-session',
        { userId: user.id, returnUrl: `${this.env.APP_URL}/profile` },
        {
          lane: laneFor(user),
          timeoutMs: SESSION_TIMEOUT_MS,
          timeoutMessage: 'Stripe took too long to open the billing portal. Please try again.',
          // A portal URL is a signed-in session of the customer: sealed like the checkout's.
          sealResult: true,
        },
      ),
    );
  }

  /**
   * Back from Checkout: the billing worker reads the session from Stripe and syncs its subscription now, so
   * the user sees Pro even before (or without) the webhook. Someone else's session answers 404.
   */
  async syncCheckout(user: UserRecord, sessionId: string): Promise<CheckoutSyncResult> {
    this.requireConfigured();
    return this.viaStripe(user, () =>
      this.requester.request(
        'billing',
        'sync-checkout-session',
        { userId: user.id, sessionId },
        {
          // A payment just went through: it goes ahead of Free work, like Stripe's own events.
          lane: 'pro',
          timeoutMs: SESSION_TIMEOUT_MS,
          timeoutMessage:
            'Stripe took too long to confirm the payment. Your plan will update in a few minutes.',
        },
      ),
    );
  }

  /** Every call to Stripe on a user's behalf counts against BILLING_REQUESTS_PER_HOUR. */
  private viaStripe<T>(user: UserRecord, call: () => Promise<T>): Promise<T> {
    return this.admission.run(user, 'billing', SESSION_TIMEOUT_MS, call);
  }
}
