import { laneQueueName, QueueName } from '@lectern/contracts';
import { JobRequester, type RunningQueueWorker } from '@lectern/queue-runtime';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  type GatewayEnvInput,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from '../../../services/gateway/test/support';
import {
  FAKE_PRICE_ID,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '@lectern/fakes/stripe';
import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import {
  linkTo,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../services/mail/test/support/test-smtp-server';
import { startTestWorkers, stopTestWorkers, type TestWorkerOptions } from './test-workers';

export const PASSWORD = 'correct horse';

export interface AccountWorld {
  gateway: TestGateway;
  smtp: TestSmtpServer;
  workers: RunningQueueWorker[];
  db: DataSource;
  /** Present with `{ withLibrary: true }`. */
  youtube: FakeYouTube | null;
  /** Present with `{ withStripe: true }`. */
  stripe: FakeStripe | null;
  close(): Promise<void>;
}

export interface AccountWorldOptions {
  /** A fake YouTube, so users can fill their library. */
  withLibrary?: boolean;
  /** Billing configured against a fake Stripe. */
  withStripe?: boolean;
  workers?: TestWorkerOptions;
}

/** The gateway and every worker, the mail worker sending to a real SMTP server in this process. */
export async function startAccountWorld(
  gatewayEnv: Partial<Record<keyof GatewayEnvInput, string>> = {},
  options: AccountWorldOptions = {},
): Promise<AccountWorld> {
  const smtp = await startTestSmtpServer();
  const youtube = options.withLibrary ? await startFakeYouTube({ slowDelayMs: 2500 }) : null;
  const stripe = options.withStripe ? await startFakeStripe() : null;
  const gateway = await startTestGateway({
    ...(stripe
      ? {
          STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
          STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
          STRIPE_PRICE_ID: FAKE_PRICE_ID,
        }
      : {}),
    ...gatewayEnv,
  });
  const workers = await startTestWorkers(gateway.env, {
    smtpUrl: smtp.url,
    ...(youtube ? { youtubeOrigin: youtube.url, youtubeTimeoutMs: 5000 } : {}),
    ...(stripe ? { stripeApiUrl: stripe.url } : {}),
    ...options.workers,
  });
  return {
    gateway,
    smtp,
    workers,
    youtube,
    stripe,
    db: gateway.app.get(DataSource),
    async close() {
      await stopTestWorkers(workers);
      await gateway.close();
      await smtp.close();
      await youtube?.close();
      await stripe?.close();
    },
  };
}

/** A browser signed up with a new account, and the confirmation mail it was sent. */
export async function signUpWithMail(world: AccountWorld, email = uniqueEmail('account')) {
  const browser = world.gateway.browser();
  const response = await browser.post('/api/auth/signup').send({ email, password: PASSWORD });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status}`);
  const mail = await world.smtp.waitForMail(email, (m) => m.subject === 'Confirm your email for Lectern');
  return { browser, email, userId: response.body.id as string, mail };
}

export function tokenIn(mail: ReceivedMail, path: '/verify-email' | '/reset-password'): string {
  const token = linkTo(mail, path).searchParams.get('token');
  if (!token) throw new Error(`the link to ${path} carries no token`);
  return token;
}

/** Mails to this address received so far with this subject. */
export function mailsTo(world: AccountWorld, email: string, subject: string): ReceivedMail[] {
  return world.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
}

export function mailLane(world: AccountWorld, lane: 'pro' | 'free' = 'free'): Queue {
  const name = laneQueueName(QueueName.Mail, lane);
  return world.gateway.app
    .get(JobRequester)
    .queues()
    .find((q) => q.name === name)!;
}
