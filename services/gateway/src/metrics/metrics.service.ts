import { Inject, Injectable, Logger } from '@nestjs/common';
import { LANES, laneQueueName, QUEUE_NAMES } from '@lectern/contracts';
import {
  JobRequester,
  readJobRunTotals,
  type JobRunTotals,
  type RedisConnection,
} from '@lectern/queue-runtime';
import { readDroppedCitations, readYouTubeBlocks } from '@lectern/handovers';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { transcribedSecondsInAll, type Db } from '@lectern/db';
import { withTimeout } from '../common/with-timeout';
import { InjectDb } from '../database/database.module';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { REDIS_CLIENT } from '../queues/redis.tokens';
import { RecordedJobHistogram } from './recorded-job-histogram';

/** The states an operator watches; BullMQ keeps jobs added with a priority in "prioritized", which is waiting too. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const COLLECT_TIMEOUT_MS = 2000;

export type PlanLimitKind = 'transcript' | 'ai_generation' | 'ai_question';

/** Lectern's Prometheus metrics: one registry per gateway, read at /metrics (and METRICS_PORT when set). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger(MetricsService.name);

  readonly httpDuration = new Histogram({
    name: 'lectern_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern (never the raw URL) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  private readonly planLimitRefusals = new Counter({
    name: 'lectern_plan_limit_refusals_total',
    help: 'Requests refused with 402 because a Free user reached a monthly limit, by limit.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly planGateRefusals = new Counter({
    name: 'lectern_plan_gate_refusals_total',
    help: 'Requests refused with 403 because the feature needs Pro, by feature (ai:<feature>, export:<format>).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly jobAdmissionRefusals = new Counter({
    name: 'lectern_job_admission_refusals_total',
    help: "Requests refused with 429 before a job started: too many of the user's jobs in progress, or the hourly limit.",
    labelNames: ['kind', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly queueJobs = new Gauge({
    name: 'lectern_queue_jobs',
    help: 'Jobs in each queue lane by state (waiting, active, delayed, failed); the same on every gateway.',
    labelNames: ['queue', 'lane', 'state'] as const,
    registers: [this.registry],
  });

  private readonly queueMetricsUp = new Gauge({
    name: 'lectern_queue_metrics_up',
    help: '1 when this scrape could read the queues and job totals from Redis, 0 when it could not.',
    registers: [this.registry],
  });

  private readonly youTubeBlocks = new Counter({
    name: 'lectern_youtube_blocks_total',
    help: 'Times YouTube refused the transcripts workers (a bot check or a 429), by proxy host ("direct" without one); recorded by the workers.',
    labelNames: ['proxy'],
    registers: [this.registry],
  });

  private readonly droppedCitations = new Counter({
    name: 'lectern_ai_citations_dropped_total',
    help: 'Moments an AI model cited that it was never sent, removed before anyone saw them, by feature (a generation feature, or ask); recorded by the ai workers.',
    labelNames: ['feature'],
    registers: [this.registry],
  });

  private readonly transcriptAnswerBuilds = new Counter({
    name: 'lectern_transcript_answer_builds_total',
    help: 'Transcripts whose part of the video answer this gateway compressed and stored after reading one stored without it (or in an older layout).',
    registers: [this.registry],
  });

  private readonly transcribedMinutes = new Counter({
    name: 'lectern_transcribed_minutes_total',
    help: 'Minutes of uploaded recordings transcribed by speech recognition (accounts still there), read from PostgreSQL at scrape time.',
    registers: [this.registry],
  });

  private jobTotals: JobRunTotals[] = [];

  constructor(
    private readonly jobs: JobRequester,
    @Inject(REDIS_CLIENT) private readonly redis: RedisConnection,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    @InjectDb() private readonly db: Db,
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(new RecordedJobHistogram(() => this.jobTotals).asMetric());
  }

  planLimitRefused(kind: PlanLimitKind): void {
    this.planLimitRefusals.inc({ kind });
  }

  planGateRefused(kind: string): void {
    this.planGateRefusals.inc({ kind });
  }

  jobAdmissionRefused(kind: string, reason: 'in_flight' | 'hourly'): void {
    this.jobAdmissionRefusals.inc({ kind, reason });
  }

  transcriptAnswerBuilt(): void {
    this.transcriptAnswerBuilds.inc();
  }

  /** The text Prometheus scrapes, with its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    await Promise.all([this.readQueues(), this.readTranscribedMinutes()]);
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private async readTranscribedMinutes(): Promise<void> {
    try {
      const seconds = await withTimeout(transcribedSecondsInAll(this.db), COLLECT_TIMEOUT_MS, 'PostgreSQL');
      this.transcribedMinutes.reset();
      this.transcribedMinutes.inc(seconds / 60);
    } catch (error) {
      this.logger.warn(
        `Transcribed minutes unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Read at scrape time, so the figures are the queues' own and nothing polls Redis between scrapes. */
  private async readQueues(): Promise<void> {
    this.queueJobs.reset();
    this.youTubeBlocks.reset();
    this.droppedCitations.reset();
    this.jobTotals = [];
    try {
      const [depths, totals, blocks, dropped] = await withTimeout(
        Promise.all([
          this.queueDepths(),
          readJobRunTotals(this.redis, this.env.REDIS_PREFIX),
          readYouTubeBlocks(this.redis, this.env.REDIS_PREFIX),
          readDroppedCitations(this.redis, this.env.REDIS_PREFIX),
        ]),
        COLLECT_TIMEOUT_MS,
        'Redis',
      );
      for (const [labels, count] of depths) this.queueJobs.set(labels, count);
      // The totals live in Redis; the counter only shows them.
      for (const { proxy, count } of blocks) this.youTubeBlocks.inc({ proxy }, count);
      for (const { feature, count } of dropped) this.droppedCitations.inc({ feature }, count);
      this.jobTotals = totals;
      this.queueMetricsUp.set(1);
    } catch (error) {
      this.queueMetricsUp.set(0);
      this.logger.warn(
        `Queue metrics unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async queueDepths(): Promise<[Record<'queue' | 'lane' | 'state', string>, number][]> {
    const byName = new Map(this.jobs.queues().map((queue) => [queue.name, queue]));
    const lanes = QUEUE_NAMES.flatMap((queue) => LANES.map((lane) => ({ queue, lane })));
    const counts = await Promise.all(
      lanes.map(
        ({ queue, lane }) =>
          (byName.get(laneQueueName(queue, lane))?.getJobCounts(...QUEUE_STATES, 'prioritized') ??
            Promise.resolve({})) as Promise<Record<string, number>>,
      ),
    );
    return lanes.flatMap(({ queue, lane }, index) => {
      const count = counts[index] ?? {};
      return QUEUE_STATES.map((state): [Record<'queue' | 'lane' | 'state', string>, number] => [
        { queue, lane, state },
        (count[state] ?? 0) + (state === 'waiting' ? (count.prioritized ?? 0) : 0),
      ]);
    });
  }
}
