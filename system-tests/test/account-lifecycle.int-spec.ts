import { randomUUID } from 'node:crypto';
import { AccountExportSchema, AccountMessage, BillingMessage } from '@lectern/contracts';
import Stripe from 'stripe';
import { createStripeClient } from '../../services/billing/src/stripe-client';
import { FAKE_STRIPE_KEY } from '@lectern/fakes/stripe';
import { customerOf, completedCheckout, deliverProcessed, stripeEvent } from './support/billing-fixtures';
import { PASSWORD, signUpWithMail, startAccountWorld, type AccountWorld } from './support/account-fixtures';
import { watchUrl } from './support/library-fixtures';
import { sessionCookie, uniqueEmail } from '../../services/gateway/test/support';

type Browser = ReturnType<AccountWorld['gateway']['browser']>;

describe('the account over its whole life', () => {
  let world: AccountWorld;

  beforeAll(async () => {
    world = await startAccountWorld({}, { withLibrary: true, withStripe: true });
  });
  afterAll(() => world.close());

  /** A second device signed in to the same account. */
  async function secondDevice(email: string, password = PASSWORD): Promise<Browser> {
    const device = world.gateway.browser();
    expect((await device.post('/api/auth/login').send({ email, password })).status).toBe(200);
    return device;
  }

  /** A library entry with a highlight, notes and an AI summary; answers its ids and texts. */
  async function studied(browser: Browser, youtubeId: string, notes: string) {
    const fetched = await browser.post('/api/transcripts/fetch').send({ youtubeUrl: watchUrl(youtubeId) });
    expect(fetched.status).toBe(200);
    const videoId = fetched.body.id as string;
    const video = (await browser.get(`/api/videos/${videoId}`)).body as { transcriptText: string };
    const text = video.transcriptText.slice(0, 24);
    const highlight = await browser
      .post('/api/highlights')
      .send({ videoId, text, startIndex: 0, endIndex: text.length, color: 'yellow' });
    expect(highlight.status).toBe(201);
    expect((await browser.put(`/api/videos/${videoId}/notes`).send({ notes })).status).toBe(200);
    const summary = await browser.post('/api/ai/generate').send({ videoId, type: 'summary' });
    expect(summary.status).toBe(200);
    return { videoId, highlightId: highlight.body.id as string, aiId: summary.body.id as string };
  }

  describe('changing the password', () => {
    it('refuses a wrong current password, changes it, keeps this session and ends the others', async () => {
      const { browser, email } = await signUpWithMail(world);
      const other = await secondDevice(email);
      const wrong = await browser
        .post('/api/auth/change-password')
        .send({ currentPassword: 'not my password', newPassword: 'a fresh password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: AccountMessage.WrongCurrentPassword });
      const short = await browser
        .post('/api/auth/change-password')
        .send({ currentPassword: PASSWORD, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ message: 'New password must be at least 8 characters long.' });
      expect((await other.get('/api/auth/me')).status).toBe(200);

      const changed = await browser
        .post('/api/auth/change-password')
        .send({ currentPassword: PASSWORD, newPassword: 'a fresh password' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ email });
      // A new session id for this browser (no fixation), which still works; the other device is out.
      expect(sessionCookie(changed)).toBeDefined();
      expect((await browser.get('/api/auth/me')).status).toBe(200);
      expect((await other.get('/api/auth/me')).status).toBe(401);
      expect(
        (await world.gateway.http().post('/api/auth/login').send({ email, password: PASSWORD })).status,
      ).toBe(401);
      await secondDevice(email, 'a fresh password');
      await world.smtp.waitForMail(email, (m) => m.subject === 'Your password was changed');
    });

    it('needs a signed-in user', async () => {
      const response = await world.gateway
        .http()
        .post('/api/auth/change-password')
        .send({ currentPassword: PASSWORD, newPassword: 'a fresh password' });
      expect(response.status).toBe(401);
    });
  });

  describe('signing out everywhere', () => {
    it('ends every session of the account, this one included, and no other account’s', async () => {
      const { browser, email } = await signUpWithMail(world);
      const other = await secondDevice(email);
      const stranger = (await signUpWithMail(world)).browser;
      const response = await browser.post('/api/auth/logout-all');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: AccountMessage.SignedOutEverywhere });
      expect((await browser.get('/api/auth/me')).status).toBe(401);
      expect((await other.get('/api/auth/me')).status).toBe(401);
      expect((await stranger.get('/api/auth/me')).status).toBe(200);
      // Signing in again works as before.
      expect((await (await secondDevice(email)).get('/api/auth/me')).status).toBe(200);
    });
  });

  describe('downloading my data', () => {
    it('is a JSON file of exactly the user’s own account, library, transcripts, highlights, notes and AI content', async () => {
      const owner = await signUpWithMail(world);
      const mine = await studied(owner.browser, 'hashtables1', 'My notes on hashing');
      // Another user studies the same video (the same cached transcript) and one of their own.
      const other = await signUpWithMail(world);
      const theirs = await studied(other.browser, 'hashtables1', 'Someone else’s private notes');
      const theirOther = await studied(other.browser, 'printpress1', 'More private notes');

      const response = await owner.browser.get('/api/auth/me/export');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="lectern-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const document = AccountExportSchema.parse(JSON.parse(response.text));
      expect(document.account).toMatchObject({ id: owner.userId, email: owner.email, emailVerified: false });
      expect(document.library.map((v) => v.id)).toEqual([mine.videoId]);
      const [video] = document.library;
      expect(video).toMatchObject({ youtubeId: 'hashtables1', notes: 'My notes on hashing' });
      expect(video!.transcriptText.length).toBeGreaterThan(100);
      expect(video!.transcriptSegments.length).toBeGreaterThan(0);
      expect(video!.highlights.map((h) => h.id)).toEqual([mine.highlightId]);
      expect(video!.aiContent.map((item) => item.id)).toEqual([mine.aiId]);

      const text = response.text;
      for (const foreign of [other.userId, other.email, theirs.videoId, theirs.highlightId, theirs.aiId]) {
        expect(text).not.toContain(foreign);
      }
      for (const foreign of [theirOther.videoId, 'private notes', 'printpress1'])
        expect(text).not.toContain(foreign);
    });

    it('needs a signed-in user', async () => {
      expect((await world.gateway.http().get('/api/auth/me/export')).status).toBe(401);
    });
  });

  describe('deleting the account', () => {
    async function rowsOf(userId: string) {
      const count = async (sql: string) =>
        Number((await world.db.query<{ n: string }[]>(sql, [userId]))[0]!.n);
      return {
        users: await count('SELECT count(*) AS n FROM users WHERE id = $1'),
        videos: await count('SELECT count(*) AS n FROM videos WHERE user_id = $1'),
        highlights: await count(
          'SELECT count(*) AS n FROM highlights h JOIN videos v ON v.id = h.video_id WHERE v.user_id = $1',
        ),
        ai: await count(
          'SELECT count(*) AS n FROM ai_content a JOIN videos v ON v.id = a.video_id WHERE v.user_id = $1',
        ),
        usage: await count('SELECT count(*) AS n FROM usage_events WHERE user_id = $1'),
        tokens: await count('SELECT count(*) AS n FROM user_tokens WHERE user_id = $1'),
        subscriptions: await count('SELECT count(*) AS n FROM stripe_subscriptions WHERE user_id = $1'),
        reviewCards: await count('SELECT count(*) AS n FROM review_cards WHERE user_id = $1'),
        reviewLogs: await count(
          'SELECT count(*) AS n FROM review_logs l JOIN review_cards c ON c.id = l.card_id WHERE c.user_id = $1',
        ),
      };
    }

    /** Flashcards stored for the video, as the ai worker stores them, and one card rated. */
    async function reviewed(browser: Browser, videoId: string): Promise<void> {
      await world.db.query(
        `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
         VALUES ($1, 'flashcards', NULL, 'Q: What is a derivative?\nA: A rate of change.', 'offline', 'offline')`,
        [videoId],
      );
      const [card] = (await browser.get('/api/review/due')).body as Array<{ id: string }>;
      expect((await browser.post(`/api/review/${card!.id}`).send({ rating: 'good' })).status).toBe(200);
    }

    it('asks for the password, then removes everything of the user, ends every session, and keeps the shared transcript', async () => {
      const owner = await signUpWithMail(world);
      const mine = await studied(owner.browser, 'derivative1', 'Notes to be deleted');
      const other = await signUpWithMail(world);
      const theirs = await studied(other.browser, 'derivative1', 'Notes that stay');
      await reviewed(owner.browser, mine.videoId);
      const device = await secondDevice(owner.email);
      const before = await rowsOf(owner.userId);
      expect(before).toMatchObject({
        users: 1,
        videos: 1,
        highlights: 1,
        ai: 2,
        tokens: 1,
        reviewCards: 1,
        reviewLogs: 1,
      });
      expect(before.usage).toBeGreaterThan(0);

      const wrong = await owner.browser.delete('/api/auth/me').send({ password: 'not my password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: AccountMessage.WrongPassword });
      const missing = await owner.browser.delete('/api/auth/me').send({});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: 'Password is required.' });
      expect(await rowsOf(owner.userId)).toEqual(before);

      const deleted = await owner.browser.delete('/api/auth/me').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: AccountMessage.AccountDeleted });
      expect(await rowsOf(owner.userId)).toEqual({
        users: 0,
        videos: 0,
        highlights: 0,
        ai: 0,
        usage: 0,
        tokens: 0,
        subscriptions: 0,
        reviewCards: 0,
        reviewLogs: 0,
      });
      expect((await owner.browser.get('/api/auth/me')).status).toBe(401);
      expect((await device.get('/api/auth/me')).status).toBe(401);
      expect(
        (await world.gateway.http().post('/api/auth/login').send({ email: owner.email, password: PASSWORD }))
          .status,
      ).toBe(401);
      // The cached transcript belongs to no one, and the other user's entry is untouched.
      const [cached] = await world.db.query<{ n: string }[]>(
        "SELECT count(*) AS n FROM transcripts WHERE youtube_id = 'derivative1'",
      );
      expect(Number(cached!.n)).toBe(1);
      const kept = await other.browser.get(`/api/videos/${theirs.videoId}`);
      expect(kept.status).toBe(200);
      expect(kept.body.notes).toBe('Notes that stay');
      expect(mine.videoId).not.toBe(theirs.videoId);
      // The address can sign up again, as a new account.
      expect(
        (await world.gateway.http().post('/api/auth/signup').send({ email: owner.email, password: PASSWORD }))
          .status,
      ).toBe(201);
    });

    async function proUser() {
      const user = await signUpWithMail(world, uniqueEmail('paying'));
      expect((await user.browser.post('/api/stripe/create-checkout-session')).status).toBe(200);
      const customer = (await customerOf(world.gateway, user.userId))!;
      const { subscription, event } = completedCheckout(world.stripe!, { id: user.userId, customer });
      await deliverProcessed(world.gateway, event);
      expect((await user.browser.get('/api/auth/me')).body.plan).toBe('pro');
      return { ...user, customer, subscriptionId: subscription.id };
    }

    it('cancels the Stripe subscription at once before deleting a paying account', async () => {
      const user = await proUser();
      const deleted = await user.browser.delete('/api/auth/me').send({ password: PASSWORD });
      expect(deleted.status).toBe(200);
      const cancels = world.stripe!.requests.filter(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${user.subscriptionId}`,
      );
      expect(cancels.map((r) => r.status)).toEqual([200]);
      expect(world.stripe!.subscriptions.get(user.subscriptionId)!.status).toBe('canceled');
      // Immediately, not at the end of the period.
      expect(world.stripe!.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(false);
      expect((await rowsOf(user.userId)).users).toBe(0);
    });

    it('also cancels a subscription Stripe has that no webhook has told Lectern about yet', async () => {
      const user = await proUser();
      const unseen = world.stripe!.putSubscription({ customer: user.customer, status: 'active' });
      expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);
      expect(world.stripe!.subscriptions.get(unseen.id)!.status).toBe('canceled');
      expect(world.stripe!.subscriptions.get(user.subscriptionId)!.status).toBe('canceled');
    });

    /** The id of the Checkout Session behind a URL the API answered. */
    function sessionIdOf(checkoutUrl: string): string {
      return new URL(checkoutUrl).pathname.split('/').pop()!;
    }

    it('expires the Checkout pages left open, so nothing can be paid for the deleted account', async () => {
      const user = await signUpWithMail(world, uniqueEmail('checkout-open'));
      const opened = [];
      for (let tab = 0; tab < 12; tab += 1) {
        const checkout = await user.browser.post('/api/stripe/create-checkout-session');
        expect(checkout.status).toBe(200);
        opened.push(sessionIdOf(checkout.body.url as string));
      }
      // One tab was paid just now; Stripe has its subscription, no webhook has said so yet.
      const customer = await customerOf(world.gateway, user.userId);
      const [paid, ...open] = opened;
      const { subscription } = world.stripe!.completeCheckout(paid!);
      const stranger = await signUpWithMail(world);
      const theirs = await stranger.browser.post('/api/stripe/create-checkout-session');

      const expiredBefore = world.stripe!.expiredSessions.length;
      expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);

      expect(world.stripe!.expiredSessions.slice(expiredBefore).sort()).toEqual([...open].sort());
      for (const id of open) {
        expect(world.stripe!.sessions.get(id)!.status).toBe('expired');
        expect(() => world.stripe!.completeCheckout(id)).toThrow(/takes no payment/);
      }
      expect(world.stripe!.sessions.get(paid!)!.status).toBe('complete');
      expect(world.stripe!.subscriptions.get(subscription.id)!.status).toBe('canceled');
      // The open sessions were listed a page at a time, as Stripe answers them.
      const lists = world.stripe!.requests.filter(
        (r) => r.method === 'GET' && r.path === '/v1/checkout/sessions' && r.params.customer === customer,
      );
      expect(lists.map((r) => r.params.status)).toEqual(['open', 'open']);
      expect(lists[1]!.params.starting_after).toEqual(expect.any(String));
      // Another user's open checkout is untouched.
      expect(world.stripe!.sessions.get(sessionIdOf(theirs.body.url as string))!.status).toBe('open');
      // Stripe refuses to expire it twice, as the billing worker expects.
      const stripe = createStripeClient(FAKE_STRIPE_KEY, world.stripe!.url)!;
      const again = stripe.checkout.sessions.expire(open[0]!);
      await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      await expect(again).rejects.toThrow(
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
      );
    });

    it('keeps the account when an open Checkout page cannot be expired, and says so (502)', async () => {
      const user = await signUpWithMail(world, uniqueEmail('checkout-outage'));
      const checkout = await user.browser.post('/api/stripe/create-checkout-session');
      const sessionId = sessionIdOf(checkout.body.url as string);
      world.stripe!.outage();
      let response;
      try {
        response = await user.browser.delete('/api/auth/me').send({ password: PASSWORD });
      } finally {
        world.stripe!.recover();
      }
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ message: BillingMessage.CancelFailed });
      expect((await user.browser.get('/api/auth/me')).status).toBe(200);
      expect(world.stripe!.sessions.get(sessionId)!.status).toBe('open');
      expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);
      expect(world.stripe!.sessions.get(sessionId)!.status).toBe('expired');
    });

    describe('a subscription Stripe reports after its account was deleted', () => {
      async function deletedCustomer() {
        const user = await signUpWithMail(world, uniqueEmail('gone'));
        expect((await user.browser.post('/api/stripe/create-checkout-session')).status).toBe(200);
        const customer = (await customerOf(world.gateway, user.userId))!;
        expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);
        return { userId: user.userId, customer };
      }

      it('is cancelled in Stripe when its checkout completes', async () => {
        const gone = await deletedCustomer();
        const { subscription, event } = completedCheckout(world.stripe!, {
          id: gone.userId,
          customer: gone.customer,
        });
        await deliverProcessed(world.gateway, event);
        expect(world.stripe!.subscriptions.get(subscription.id)!.status).toBe('canceled');
        expect(world.stripe!.canceledSubscriptions).toContain(subscription.id);
      });

      it('is cancelled when it turns up for the deleted account’s customer with no user named', async () => {
        const gone = await deletedCustomer();
        const subscription = world.stripe!.putSubscription({ customer: gone.customer, status: 'active' });
        await deliverProcessed(world.gateway, stripeEvent('customer.subscription.created', subscription));
        expect(world.stripe!.subscriptions.get(subscription.id)!.status).toBe('canceled');
      });

      it('is left alone when it names a user this install does not have (another install on the same Stripe account)', async () => {
        const customer = `cus_other_install_${Date.now()}`;
        world.stripe!.customers.set(customer, {
          id: customer,
          object: 'customer',
          metadata: { userId: randomUUID() },
        } as unknown as Stripe.Customer);
        const subscription = world.stripe!.putSubscription({
          customer,
          status: 'active',
          metadata: { userId: randomUUID() },
        });
        await deliverProcessed(world.gateway, stripeEvent('customer.subscription.created', subscription));
        expect(world.stripe!.subscriptions.get(subscription.id)!.status).toBe('active');
        expect(world.stripe!.canceledSubscriptions).not.toContain(subscription.id);
      });

      it('is left alone when it names no Lectern account', async () => {
        const customer = `cus_elsewhere_${Date.now()}`;
        world.stripe!.customers.set(customer, {
          id: customer,
          object: 'customer',
          metadata: {},
        } as unknown as Stripe.Customer);
        const subscription = world.stripe!.putSubscription({ customer, status: 'active' });
        await deliverProcessed(world.gateway, stripeEvent('customer.subscription.created', subscription));
        expect(world.stripe!.subscriptions.get(subscription.id)!.status).toBe('active');
        expect(world.stripe!.canceledSubscriptions).not.toContain(subscription.id);
      });
    });

    it('keeps the account and its plan when Stripe cannot cancel, and says so (502)', async () => {
      const user = await proUser();
      world.stripe!.outage();
      let response;
      try {
        response = await user.browser.delete('/api/auth/me').send({ password: PASSWORD });
      } finally {
        world.stripe!.recover();
      }
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ message: BillingMessage.CancelFailed });
      expect(world.stripe!.subscriptions.get(user.subscriptionId)!.status).toBe('active');
      const me = await user.browser.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
      // Asking again once Stripe answers works.
      expect((await user.browser.delete('/api/auth/me').send({ password: PASSWORD })).status).toBe(200);
      expect(world.stripe!.subscriptions.get(user.subscriptionId)!.status).toBe('canceled');
    });
  });
});
