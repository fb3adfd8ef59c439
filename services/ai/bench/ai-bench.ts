import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { QueueName, type TranscriptSegment } from '@lectern/contracts';
import {
  JobRequester,
  createLogger,
  deleteKeysUnderPrefix,
  startQueueWorker,
  type RunningQueueWorker,
} from '@lectern/queue-runtime';
import { OfflineEngine } from '@lectern/offline-engine';
import {
  benchOfflineAsk,
  benchOfflineEngine,
  printAskReport,
  syntheticLecture,
  type AskBenchReport,
  type OfflineBenchReport,
} from '@lectern/offline-engine/bench';
import type { GenerationRequest } from '@lectern/offline-engine';
import { OpenAiEngine } from '../src/engines/openai-engine';
import { TranscriptIndexCache } from '../src/engines/ask/transcript-index-cache';
import { createAiHandlers, type TranscriptSource } from '../src/worker';

// `node services/ai/dist-bench/bench/ai-bench.js`, or runAiBench() from the root bench runner: the offline engine's
// time for every feature on a one-hour and a ten-hour transcript with its peak memory, and what request-reply
// through Redis and a worker adds to a generation compared with calling the engine directly.

export interface RequestReplyFigures {
  transcript: string;
  segments: number;
  runs: number;
  directP50Ms: number;
  directP95Ms: number;
  jobP50Ms: number;
  jobP95Ms: number;
  /** Median job round trip minus median direct call. */
  overheadP50Ms: number;
  note: string;
}

export interface ProviderDeadlineFigures {
  timeoutMs: number;
  runs: number;
  answeredP50Ms: number;
  answeredMaxMs: number;
  statuses: string;
  target: string;
  meetsTarget: boolean;
}

export interface AiBenchReport {
  offline: {
    modelLoadMs: number;
    peakRssMb: number;
    targets: string;
    figures: OfflineBenchReport['figures'];
    slowestOneHourMs: number;
    slowestTenHourMs: number;
  };
  requestReply: RequestReplyFigures | { skipped: string };
  providerDeadline: ProviderDeadlineFigures;
  /** Ask the video: index build and answer times of the offline engine on the ten-hour lecture. */
  ask: AskBenchReport;
}

export interface AiBenchOptions {
  redisUrl?: string;
  runs?: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A transcript source kept in memory, so the figure is the queue's overhead and not PostgreSQL's. */
class MemoryTranscripts implements TranscriptSource {
  constructor(private readonly stored: Map<string, TranscriptSegment[]>) {}
  segments(transcriptId: string): Promise<TranscriptSegment[]> {
    return Promise.resolve(this.stored.get(transcriptId) ?? []);
  }
  language(): Promise<string | null> {
    return Promise.resolve('en');
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Generation jobs through Redis and an in-process worker, against direct engine calls in the same run. */
async function benchRequestReply(options: AiBenchOptions = {}): Promise<RequestReplyFigures> {
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const runs = options.runs ?? 30;
  const prefix = `lectern-bench-ai-${randomBytes(4).toString('hex')}`;
  const segments = syntheticLecture({ hours: 1 / 6 });
  const transcriptId = 'bench-lecture';
  const engine = new OfflineEngine();
  const request: GenerationRequest = { feature: 'summary', summaryLength: 'short', title: 'Bench', segments };

  const requester = new JobRequester(redisUrl, prefix);
  let worker: RunningQueueWorker | null = null;
  try {
    await requester.init();
    worker = await startQueueWorker({
      queue: QueueName.Ai,
      handlers: createAiHandlers({
        engine,
        transcripts: new MemoryTranscripts(new Map([[transcriptId, segments]])),
        indexes: new TranscriptIndexCache(),
      }),
      redisUrl,
      prefix,
      concurrency: 1,
      logger: createLogger('ai-bench', 'silent'),
    });

    const direct: number[] = [];
    const viaJob: number[] = [];
    const data = {
      transcriptId,
      feature: 'summary' as const,
      summaryLength: 'short' as const,
      title: 'Bench',
    };
    // Warm up both paths (the NLP model, Redis scripts, connections) before timing.
    for (let index = 0; index < 3; index += 1) {
      await engine.generate(request);
      await requester.request(QueueName.Ai, 'generate', data, { lane: 'pro', timeoutMs: 30_000 });
    }
    // Interleaved, so both paths see the same machine load.
    for (let index = 0; index < runs; index += 1) {
      let started = performance.now();
      await engine.generate(request);
      direct.push(performance.now() - started);
      started = performance.now();
      await requester.request(QueueName.Ai, 'generate', data, { lane: 'pro', timeoutMs: 30_000 });
      viaJob.push(performance.now() - started);
    }
    const directP50 = percentile(direct, 50);
    const jobP50 = percentile(viaJob, 50);
    return {
      transcript: '10 min (summary, short)',
      segments: segments.length,
      runs,
      directP50Ms: round(directP50),
      directP95Ms: round(percentile(direct, 95)),
      jobP50Ms: round(jobP50),
      jobP95Ms: round(percentile(viaJob, 95)),
      overheadP50Ms: round(jobP50 - directP50),
      note: 'job = add to the ai-pro lane, worker runs the engine, result via QueueEvents; transcript read from memory',
    };
  } finally {
    await worker?.close();
    await requester.close();
    await deleteKeysUnderPrefix(redisUrl, prefix).catch(() => undefined);
  }
}

/** An AI provider that accepts the connection and never answers: how soon after AI_TIMEOUT_MS a generation gives up. */
async function benchProviderDeadline(runs = 5, timeoutMs = 500): Promise<ProviderDeadlineFigures> {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const engine = new OpenAiEngine({
    apiKey: 'sk-lectern-bench',
    baseURL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`,
    model: 'bench',
    tokenBudget: 16_000,
    timeoutMs,
  });
  const request: GenerationRequest = {
    feature: 'summary',
    summaryLength: 'short',
    title: 'Bench',
    segments: syntheticLecture({ hours: 1 / 6 }),
  };
  const times: number[] = [];
  const statuses = new Set<string>();
  try {
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const outcome: unknown = await engine.generate(request).catch((error: unknown) => error);
      times.push(performance.now() - started);
      statuses.add(String((outcome as { status?: number }).status ?? 'answered'));
    }
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
  const max = Math.max(...times);
  return {
    timeoutMs,
    runs,
    answeredP50Ms: round(percentile(times, 50)),
    answeredMaxMs: round(max),
    statuses: [...statuses].join(', '),
    target: 'every run answered 504 within AI_TIMEOUT_MS plus 1 s',
    meetsTarget: max < timeoutMs + 1000 && [...statuses].every((status) => status === '504'),
  };
}

export async function runAiBench(options: AiBenchOptions = {}): Promise<AiBenchReport> {
  const offline = await benchOfflineEngine({ hours: [1, 10] });
  const slowest = (label: string) =>
    Math.max(...offline.figures.filter((figure) => figure.transcript === label).map((figure) => figure.ms));
  let requestReply: AiBenchReport['requestReply'];
  try {
    requestReply = await benchRequestReply(options);
  } catch (error) {
    requestReply = {
      skipped: `Redis is not available: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return {
    offline: {
      modelLoadMs: offline.modelLoadMs,
      peakRssMb: offline.peakRssMb,
      targets: 'every feature under 1 s on 1 h and under 5 s on 10 h',
      figures: offline.figures,
      slowestOneHourMs: slowest('1 h'),
      slowestTenHourMs: slowest('10 h'),
    },
    requestReply,
    providerDeadline: await benchProviderDeadline(),
    ask: await benchOfflineAsk(),
  };
}

/* eslint-disable no-console -- run from the command line, the benchmark prints its tables */
function printReport(report: AiBenchReport): void {
  console.log('\n## ai: offline engine, every feature');
  console.table(
    report.offline.figures.map((figure) => ({
      transcript: figure.transcript,
      segments: figure.segments,
      feature: figure.summaryLength ? `${figure.feature} (${figure.summaryLength})` : figure.feature,
      ms: figure.ms,
      peakRssMb: figure.peakRssMb,
    })),
  );
  console.log(
    `model load ${report.offline.modelLoadMs} ms · peak RSS ${report.offline.peakRssMb} MiB · slowest 1 h ${report.offline.slowestOneHourMs} ms · slowest 10 h ${report.offline.slowestTenHourMs} ms (${report.offline.targets})`,
  );
  console.log('\n## ai: request-reply overhead of a generation job');
  console.table(report.requestReply);
  console.log('\n## ai: a provider that never answers');
  console.table(report.providerDeadline);
  printAskReport(report.ask);
}

if (require.main === module) {
  runAiBench().then(
    (report) => {
      printReport(report);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
