import { laneQueueName, QueueName } from '@lectern/contracts';
import { JobRequester, type RunningQueueWorker } from '@lectern/contracts/runtime';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { GatewayEnvInput } from '../../src/config/gateway-env';
import {
  linkTo,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../mail/test/support/test-smtp-server';
import { startTestGateway, uniqueEmail, type TestGateway } from './test-gateway';
import { startTestWorkers, stopTestWorkers, type TestWorkerOptions } from './test-workers';

export const PASSWORD = 'correct horse';

export interface AccountWorld {
  gateway: TestGateway;
  smtp: TestSmtpServer;
  workers: RunningQueueWorker[];
  db: DataSource;
  close(): Promise<void>;
}

/** The gateway and every worker, the mail worker sending to a real SMTP server in this process. */
export async function startAccountWorld(
  gatewayEnv: Partial<Record<keyof GatewayEnvInput, string>> = {},
  workerOptions: TestWorkerOptions = {},
): Promise<AccountWorld> {
  const smtp = await startTestSmtpServer();
  const gateway = await startTestGateway(gatewayEnv);
  const workers = await startTestWorkers(gateway.env, { smtpUrl: smtp.url, ...workerOptions });
  return {
    gateway,
    smtp,
    workers,
    db: gateway.app.get(DataSource),
    async close() {
      await stopTestWorkers(workers);
      await gateway.close();
      await smtp.close();
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
