import OpenAI, { APIError, toFile } from 'openai';
import type { Readable } from 'node:stream';
import { PermanentJobError } from '@lectern/queue-runtime';
import { z } from 'zod';

/** A segment as `verbose_json` gives it (OpenAI, Groq, faster-whisper / speaches, whisper.cpp); some omit the scores. */
export const RecognisedSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  avg_logprob: z.number().optional(),
  no_speech_prob: z.number().optional(),
  compression_ratio: z.number().optional(),
});
export type RecognisedSegment = z.infer<typeof RecognisedSegmentSchema>;

const VerboseTranscriptionSchema = z.object({
  language: z.string().optional(),
  duration: z.union([z.number(), z.string()]).optional(),
  text: z.string().optional(),
  segments: z.array(RecognisedSegmentSchema).default([]),
});

export interface PieceTranscription {
  language: string | null;
  /** Timestamps from the start of the piece. */
  segments: RecognisedSegment[];
}

export interface SpeechToTextOptions {
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** Retries of one piece's request on a 429, a 5xx or a dropped connection, with the client's back-off. */
  maxRetries?: number;
  timeoutMs?: number;
}

/**
 * An OpenAI-compatible speech-to-text endpoint (`POST /audio/transcriptions`), through the `openai` client: each
 * piece is one request asking for `verbose_json` with segment timestamps. A piece that fails with a 429 or a 5xx
 * is retried alone, with the client's back-off (which honours `retry-after`).
 */
export class SpeechToText {
  readonly model: string;
  private readonly client: OpenAI;

  constructor(options: SpeechToTextOptions) {
    this.model = options.model;
    this.client = new OpenAI({
      baseURL: options.baseURL,
      // A self-hosted server often wants no key; the client insists on one.
      apiKey: options.apiKey || 'none',
      maxRetries: options.maxRetries ?? 5,
      timeout: options.timeoutMs ?? 10 * 60 * 1000,
    });
  }

  async transcribe(audio: Readable, fileName: string, signal?: AbortSignal): Promise<PieceTranscription> {
    const file = await toFile(audio, fileName, { type: 'audio/wav' });
    const response: unknown = await this.client.audio.transcriptions
      .create(
        { file, model: this.model, response_format: 'verbose_json', timestamp_granularities: ['segment'] },
        { signal },
      )
      .catch((error: unknown) => {
        // A refusal (a wrong key, an unknown model, a file too large) does not change on a retry of the job.
        const status = error instanceof APIError ? (error.status as number | undefined) : undefined;
        if (error instanceof APIError && isRefusal(status))
          throw new PermanentJobError(
            502,
            `The speech-to-text endpoint refused the recording (${status}): ${error.message}`,
          );
        throw error;
      });
    const parsed = VerboseTranscriptionSchema.parse(response);
    return { language: parsed.language ?? null, segments: parsed.segments };
  }
}

const isRefusal = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;
