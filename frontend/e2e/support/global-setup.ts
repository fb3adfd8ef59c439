import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    mailboxUrl: string;
  }
}

// One stack for the whole run: starting five processes takes seconds, each test file signs up its own users.
// Its mail goes to a real SMTP server started here, whose mailbox the test files read.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mailbox = await startMailbox();
  const stack = await startStack({ smtpUrl: mailbox.smtpUrl }).catch(async (error: unknown) => {
    await mailbox.close();
    throw error;
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('mailboxUrl', mailbox.mailboxUrl);
  return async () => {
    await stack.stop();
    await mailbox.close();
  };
}
