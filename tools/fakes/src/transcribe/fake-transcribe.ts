import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an OpenAI-compatible speech-to-text endpoint, `POST /v1/audio/transcriptions` (multipart), as
// OpenAI answers it: `verbose_json` with segments, its 25 MB limit answered 413 with OpenAI's error JSON, and 429s
// or 500s on demand. It cannot recognise speech, so the test gives it the sentences that were spoken: it decodes the
// audio it receives (with ffmpeg), finds the bursts of speech by their energy, and gives each burst the next
// sentence, so every timestamp it answers is where speech really is in what it was sent. Pieces of one recording
// are numbered in their file names (`piece-3.wav`): a piece's sentences follow those of the pieces before it, in
// whatever order the requests arrive, and a piece sent again gets the same sentences.

/** OpenAI's limit for one request's file. */
export const OPENAI_AUDIO_MAX_BYTES = 25 * 1024 * 1024;

export interface FakeTranscribeOptions {
  /** What was said, in order, one entry per burst of speech; `cycle` starts again from the first when all are used. */
  sentences: string[];
  cycle?: boolean;
  /** The key requests must carry (`Authorization: Bearer …`); absent, any. */
  apiKey?: string;
  maxBytes?: number;
  /** Words written over each silence at least this long, as Whisper does ("Thanks for watching!"). */
  hallucinateOverSilence?: { seconds: number; text: string; noSpeechProb: number };
  /** Sentences (by their index in `sentences`) the recogniser is unsure of: a low average log-probability. */
  unclearSentences?: number[];
  /** How long each answer takes, as a real endpoint takes seconds per piece. */
  delayMs?: number;
}

export interface RecordedTranscription {
  fileName: string;
  bytes: number;
  model: string;
  responseFormat: string;
  status: number;
}

export interface FakeTranscribe {
  baseURL: string;
  requests: RecordedTranscription[];
  /**
   * The next request for this file name (any file when absent) is answered with this status: 400 is a refusal of
   * the audio (OpenAI's "corrupted or unsupported"), which no retry of the same request changes.
   */
  failNext(status: 400 | 429 | 500 | 503, fileName?: string): void;
  close(): Promise<void>;
}

interface Burst {
  start: number;
  end: number;
}

interface Answer {
  bursts: Burst[];
  /** Index of the first sentence of this piece. */
  first: number;
  silences: Burst[];
  duration: number;
}

export async function startFakeTranscribe(options: FakeTranscribeOptions): Promise<FakeTranscribe> {
  const maxBytes = options.maxBytes ?? OPENAI_AUDIO_MAX_BYTES;
  const requests: RecordedTranscription[] = [];
  const failures: Array<{ status: number; fileName?: string }> = [];
  // Per piece number: its bursts, once decoded; pieces wait for the ones before them to know their first sentence.
  const pieces = new Map<number, Promise<Answer>>();
  const counted = new Map<number, { bursts: Burst[]; silences: Burst[]; duration: number }>();
  const waiting = new Map<number, Array<() => void>>();

  const sentenceCountBefore = async (index: number): Promise<number> => {
    let total = 0;
    for (let i = 0; i < index; i += 1) {
      if (!counted.has(i))
        await new Promise<void>((resolve) => waiting.set(i, [...(waiting.get(i) ?? []), resolve]));
      total += counted.get(i)!.bursts.length;
    }
    return total;
  };

  const answerFor = (pieceNumber: number, audio: Buffer): Promise<Answer> => {
    let answer = pieces.get(pieceNumber);
    if (!answer) {
      answer = (async () => {
        const samples = await decodeToSamples(audio);
        const found = findBursts(samples);
        counted.set(pieceNumber, found);
        for (const wake of waiting.get(pieceNumber) ?? []) wake();
        waiting.delete(pieceNumber);
        return { ...found, first: await sentenceCountBefore(pieceNumber) };
      })();
      pieces.set(pieceNumber, answer);
    }
    return answer;
  };

  const sentenceAt = (index: number): string | null => {
    if (index < options.sentences.length) return options.sentences[index]!;
    if (options.cycle && options.sentences.length > 0)
      return options.sentences[index % options.sentences.length]!;
    return null;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      sendError(res, 500, String(error), 'server_error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/audio/transcriptions')) {
      return sendError(res, 404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error');
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of req) {
      bytes += (chunk as Buffer).length;
      if (bytes <= maxBytes) chunks.push(chunk as Buffer);
    }
    if (bytes > maxBytes) {
      requests.push({ fileName: '', bytes, model: '', responseFormat: '', status: 413 });
      return sendError(
        res,
        413,
        `Maximum content size limit (${maxBytes}) exceeded (${bytes} bytes read)`,
        'server_error',
      );
    }
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get('file');
    const model = textField(form.get('model'), '');
    const responseFormat = textField(form.get('response_format'), 'json');
    const fileName = typeof file === 'object' && file !== null ? file.name : '';
    const record = (status: number) => requests.push({ fileName, bytes, model, responseFormat, status });
    if (typeof file !== 'object' || file === null) {
      record(400);
      return sendError(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error');
    }
    if (model === '') {
      record(400);
      return sendError(res, 400, 'you must provide a model parameter', 'invalid_request_error');
    }
    const failure = failures.findIndex((f) => f.fileName === undefined || f.fileName === fileName);
    if (failure >= 0) {
      const { status } = failures.splice(failure, 1)[0]!;
      record(status);
      if (status === 429) {
        res.setHeader('retry-after-ms', '50');
        return sendError(res, 429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded');
      }
      if (status === 400)
        return sendError(res, 400, 'Audio file might be corrupted or unsupported', 'invalid_request_error');
      return sendError(
        res,
        status,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
      );
    }
    const pieceNumber = Number(/(\d+)\.\w+$/.exec(fileName)?.[1] ?? 0);
    const answer = await answerFor(pieceNumber, Buffer.from(await file.arrayBuffer()));
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    record(200);
    const segments = verboseSegments(answer, sentenceAt, options);
    const text = segments.map((s) => s.text).join('');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        responseFormat === 'verbose_json'
          ? { task: 'transcribe', language: 'english', duration: answer.duration, text, segments }
          : { text },
      ),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(status, fileName) {
      failures.push({ status, fileName });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function verboseSegments(
  answer: Answer,
  sentenceAt: (index: number) => string | null,
  options: FakeTranscribeOptions,
) {
  type Segment = { start: number; end: number; text: string; avg_logprob: number; no_speech_prob: number };
  const found: Segment[] = answer.bursts.map((burst, i) => {
    const index = answer.first + i;
    const sentence = sentenceAt(index);
    const unclear =
      options.unclearSentences?.includes(index % Math.max(1, options.sentences.length)) ?? false;
    return sentence === null
      ? // More speech than sentences: what Whisper writes over noise it cannot make out.
        { start: burst.start, end: burst.end, text: ' you', avg_logprob: -1.2, no_speech_prob: 0.85 }
      : {
          start: burst.start,
          end: burst.end,
          text: ` ${sentence}`,
          avg_logprob: unclear ? -1.4 : -0.21,
          no_speech_prob: 0.01,
        };
  });
  const hallucination = options.hallucinateOverSilence;
  if (hallucination)
    for (const silence of answer.silences)
      if (silence.end - silence.start >= hallucination.seconds)
        found.push({
          start: silence.start + 0.2,
          end: silence.end - 0.2,
          text: ` ${hallucination.text}`,
          avg_logprob: -0.5,
          no_speech_prob: hallucination.noSpeechProb,
        });
  found.sort((a, b) => a.start - b.start);
  return found.map((segment, id) => ({
    id,
    seek: Math.floor(segment.start / 30) * 3000,
    start: round2(segment.start),
    end: round2(segment.end),
    text: segment.text,
    tokens: segment.text
      .split(/\s+/)
      .filter(Boolean)
      .map((_, i) => 50364 + i),
    temperature: 0,
    avg_logprob: segment.avg_logprob,
    compression_ratio: 1.4,
    no_speech_prob: segment.no_speech_prob,
  }));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const RATE = 16_000;
const FRAME = 320; // 20 ms
/** A frame louder than this (RMS of 16-bit samples, about -36 dBFS) has speech in it. */
const SPEECH_RMS = 500;
/** Pauses shorter than this are between words, not between sentences. */
const MERGE_GAP_SECONDS = 0.45;
const MIN_BURST_SECONDS = 0.15;

/** The bursts of speech in mono 16 kHz samples, and the silences around them. */
export function findBursts(samples: Int16Array): { bursts: Burst[]; silences: Burst[]; duration: number } {
  const duration = samples.length / RATE;
  const bursts: Burst[] = [];
  let open: Burst | null = null;
  for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
    let sum = 0;
    for (let i = at; i < at + FRAME; i += 1) sum += samples[i]! * samples[i]!;
    const loud = Math.sqrt(sum / FRAME) > SPEECH_RMS;
    const time = at / RATE;
    if (loud) {
      if (open && time - open.end <= MERGE_GAP_SECONDS) open.end = time + FRAME / RATE;
      else {
        if (open) bursts.push(open);
        open = { start: time, end: time + FRAME / RATE };
      }
    }
  }
  if (open) bursts.push(open);
  const speech = bursts.filter((burst) => burst.end - burst.start >= MIN_BURST_SECONDS);
  const silences: Burst[] = [];
  let last = 0;
  for (const burst of speech) {
    if (burst.start > last) silences.push({ start: last, end: burst.start });
    last = burst.end;
  }
  if (duration > last) silences.push({ start: last, end: duration });
  return { bursts: speech, silences, duration };
}

async function decodeToSamples(audio: Buffer): Promise<Int16Array> {
  const child = spawn(
    process.env.FFMPEG_PATH || 'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-ac',
      '1',
      '-ar',
      String(RATE),
      '-f',
      's16le',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stdin.on('error', () => undefined);
  child.stdin.end(audio);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error('the fake could not decode the audio it was sent');
  const pcm = Buffer.concat(out);
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

const textField = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;
