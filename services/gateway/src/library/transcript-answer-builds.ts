import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Db } from '@lectern/db';
import { storeTranscriptAnswer } from '@lectern/handovers';
import { InjectDb } from '../database/database.module';
import { MetricsService } from '../metrics/metrics.service';

/**
 * Stores, in the background, the compressed answer prefix of transcripts read without one (stored before
 * prefixes were kept, or in an older layout). Compressing a long transcript at Brotli's best quality takes
 * seconds of the thread pool that crypto and files share, so a request never waits for it, and concurrent
 * reads of one transcript start a single build here; builds on other gateways may duplicate it, which the
 * store tolerates.
 */
@Injectable()
export class TranscriptAnswerBuilds implements BeforeApplicationShutdown {
  private readonly logger = new Logger(TranscriptAnswerBuilds.name);
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly metrics: MetricsService,
  ) {}

  /** Starts the transcript's build unless one is already running in this gateway. */
  request(transcriptId: string): void {
    if (this.running.has(transcriptId)) return;
    const build = this.build(transcriptId).finally(() => this.running.delete(transcriptId));
    this.running.set(transcriptId, build);
  }

  /** Resolves once every build started so far has ended. */
  async settled(): Promise<void> {
    await Promise.all(this.running.values());
  }

  /** A stopping gateway finishes its builds before its database connections close. */
  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }

  private async build(transcriptId: string): Promise<void> {
    try {
      if (await storeTranscriptAnswer(this.db, transcriptId)) this.metrics.transcriptAnswerBuilt();
    } catch (error) {
      // The next read starts another build; until then answers are compressed per request.
      this.logger.warn(`Could not store the answer of transcript ${transcriptId}: ${String(error)}`);
    }
  }
}
