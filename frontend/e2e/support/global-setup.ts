import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTranscribe } from '@lectern/fakes/transcribe';
import { fakeAudioCommand } from '@lectern/fakes/youtube-audio';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { RECORDED_LECTURE, speakRecording, TRANSCRIBE_KEY } from './recording';
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
// and takes a few seconds a piece, as a real one does. The audio of a YouTube video without captions comes from a
// fake downloader (in place of yt-dlp) writing that recording.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const audioFolder = await mkdtemp(path.join(tmpdir(), 'lectern-e2e-youtube-audio-'));
  const youtubeAudio = await speakRecording(audioFolder, 'youtube-audio.wav', 1);
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
    youtubeAudioCommand: fakeAudioCommand(youtubeAudio),
  }).catch(async (error: unknown) => {
    await mailbox.close();
    await transcribe.close();
    await rm(audioFolder, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('mailboxUrl', mailbox.mailboxUrl);
  return async () => {
    await stack.stop();
    await mailbox.close();
    await transcribe.close();
    await rm(audioFolder, { recursive: true, force: true });
  };
}
