import { startFakeTranscribe } from '@lectern/fakes/transcribe';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { RECORDED_LECTURE, TRANSCRIBE_KEY } from './recording';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    mailboxUrl: string;
  }
}

// One stack for the whole run: starting five processes takes seconds, each test file signs up its own users.
// Its mail goes to a real SMTP server started here, whose mailbox the test files read; uploaded recordings are
// transcribed by a fake speech-to-text endpoint started here too, which knows what the tests' recording says
// and takes a few seconds a piece, as a real one does.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mailbox = await startMailbox();
  const transcribe = await startFakeTranscribe({
    sentences: RECORDED_LECTURE,
    cycle: true,
    apiKey: TRANSCRIBE_KEY,
    delayMs: 3000,
  });
  const stack = await startStack({
    smtpUrl: mailbox.smtpUrl,
    transcribe: { baseUrl: transcribe.baseURL, apiKey: TRANSCRIBE_KEY, model: 'whisper-large-v3' },
  }).catch(async (error: unknown) => {
    await mailbox.close();
    await transcribe.close();
    throw error;
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('mailboxUrl', mailbox.mailboxUrl);
  return async () => {
    await stack.stop();
    await mailbox.close();
    await transcribe.close();
  };
}
