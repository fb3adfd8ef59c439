import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTranscribe, type FakeTranscribe, type FakeTranscribeOptions } from './fake-transcribe';
import { speakLecture, type SpokenLecture } from './spoken-lecture';

export interface SpeechFixture {
  /** The recording espeak-ng spoke, and where each sentence is in it. */
  lecture: SpokenLecture;
  /** The fake speech-to-text endpoint that recognises it. */
  endpoint: FakeTranscribe;
  /** The key the endpoint wants (`TRANSCRIBE_API_KEY`). */
  apiKey: string;
  /** Stops the endpoint and removes the recording. */
  close(): Promise<void>;
}

/**
 * What every transcription test starts from: a lecture spoken by espeak-ng into a temporary folder, and a fake
 * speech-to-text endpoint that answers those sentences, wanting `apiKey`.
 */
export async function startSpeechFixture(options: {
  sentences: string[];
  apiKey: string;
  speak: Parameters<typeof speakLecture>[2];
  endpoint?: Omit<FakeTranscribeOptions, 'sentences' | 'apiKey'>;
}): Promise<SpeechFixture> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lectern-speech-'));
  try {
    const lecture = await speakLecture(folder, options.sentences, options.speak);
    const endpoint = await startFakeTranscribe({
      ...options.endpoint,
      sentences: options.sentences,
      apiKey: options.apiKey,
    });
    return {
      lecture,
      endpoint,
      apiKey: options.apiKey,
      close: async () => {
        await endpoint.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
