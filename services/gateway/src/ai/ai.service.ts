import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  FEATURE_TYPES,
  hasProAccess,
  isRecordId,
  QueueName,
  SUMMARY_LENGTHS,
  type AiContentItem,
  type FeatureType,
  type GenerateResult,
  type SummaryLength,
  type User,
} from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { DataSource, type EntityManager } from 'typeorm';
import { VIDEO_NOT_FOUND } from '../http/parse-id.pipe';
import { foreignResult } from '../library/foreign-result';
import { laneFor } from '../library/plan-lane';
import { MetricsService } from '../metrics/metrics.service';
import { UsageService } from '../usage/usage.service';
import type { GenerateCommand } from './ai-request';
import { AI_CONTENT_COLUMNS, toAiContentItem, type AiContentRow } from './ai-content-row';

// A ten-hour transcript on a provider goes through map-reduce: a dozen chunk requests (three at a time), maybe a
// condensing round and the final request, each allowed AI_TIMEOUT_MS, plus a job retry after a transient failure.
export const AI_GENERATE_TIMEOUT_MS = 10 * 60_000;

/** What Free users are told when they ask for a Pro feature. */
const PRO_FEATURE_LABELS: Record<Exclude<FeatureType, 'summary'>, string> = {
  insights: 'Key insights',
  flashcards: 'Flashcards',
  cornell_notes: 'Cornell notes',
  tweet: 'Tweet threads',
  blog: 'Blog posts',
  action_plan: 'Action plans',
};

interface OwnedVideo {
  id: string;
  transcriptId: string;
  title: string | null;
}

// Items in the order the AI tools panel shows them: features as listed, summaries micro to detailed.
function displayOrder(item: AiContentItem): number {
  const length = item.summaryLength === null ? 0 : SUMMARY_LENGTHS.indexOf(item.summaryLength);
  return FEATURE_TYPES.indexOf(item.featureType) * 10 + length;
}

/** AI study and content material: stored per video, feature and summary length; written by the ai worker. */
@Injectable()
export class AiService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobRequester,
    private readonly usage: UsageService,
    private readonly metrics: MetricsService,
  ) {}

  /** The newest item of each kind for one of the user's videos. Reading never counts. */
  async list(userId: string, videoId: string): Promise<AiContentItem[]> {
    await this.video(userId, videoId);
    const rows = await this.dataSource.query<AiContentRow[]>(
      `SELECT DISTINCT ON (feature_type, summary_length) ${AI_CONTENT_COLUMNS}
         FROM ai_content WHERE video_id = $1
        ORDER BY feature_type, summary_length, created_at DESC`,
      [videoId],
    );
    return rows.map(toAiContentItem).sort((a, b) => displayOrder(a) - displayOrder(b));
  }

  /**
   * Answers the stored item when one exists and no regeneration was asked for (nothing counted). Otherwise the ai
   * worker writes it as a counted action (see UsageService.runCounted): a Free user's use is reserved before the
   * job starts, so parallel requests never run more generations than uses left, and a failed one never counts.
   */
  async generate(user: User, command: GenerateCommand): Promise<AiContentItem> {
    const { feature, summaryLength } = command;
    if (feature !== 'summary' && !hasProAccess(user)) {
      this.metrics.planGateRefused(`ai:${feature}`);
      throw new ForbiddenException(
        `${PRO_FEATURE_LABELS[feature]} are part of the Pro plan. Upgrade to Pro to generate them.`,
      );
    }
    const video = await this.video(user.id, command.videoId);
    if (!command.regenerate) {
      const stored = await this.newest(this.dataSource.manager, video.id, feature, summaryLength);
      if (stored) return stored;
    }

    return this.usage.runCounted(user, 'ai_generation', {
      startsJob: true,
      job: () => this.write(user, video, command),
      jobTimeoutMs: AI_GENERATE_TIMEOUT_MS,
      record: async (manager, result) => {
        // Stored against the user's video only if it is still theirs (deleted meanwhile: 404, nothing counted).
        const [still] = await manager.query<unknown[]>(
          'SELECT 1 FROM videos WHERE id = $1 AND user_id = $2',
          [video.id, user.id],
        );
        if (!still) throw new NotFoundException(VIDEO_NOT_FOUND);
        if (!command.regenerate) {
          // A parallel request may have stored it meanwhile: answer that one and count nothing more.
          const stored = await this.newest(manager, video.id, feature, summaryLength);
          if (stored) return { value: stored, counted: null };
        }
        const [row] = await manager.query<AiContentRow[]>(
          `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${AI_CONTENT_COLUMNS}`,
          [video.id, feature, summaryLength, result.outputText, result.engine, result.model],
        );
        return { value: toAiContentItem(row!), counted: row!.id };
      },
    });
  }

  /** Has the ai worker write the item; the answer must be what was asked for, about this video's transcript. */
  private async write(user: User, video: OwnedVideo, command: GenerateCommand): Promise<GenerateResult> {
    const { feature, summaryLength } = command;
    const result = await this.jobs.request(
      QueueName.Ai,
      'generate',
      { transcriptId: video.transcriptId, feature, summaryLength, title: video.title },
      {
        lane: laneFor(user),
        timeoutMs: AI_GENERATE_TIMEOUT_MS,
        timeoutMessage: 'Writing this content took too long. Please try again.',
      },
    );
    if (
      result.transcriptId !== video.transcriptId ||
      result.feature !== feature ||
      result.summaryLength !== summaryLength
    ) {
      throw foreignResult('AI content', {
        videoId: video.id,
        asked: { transcriptId: video.transcriptId, feature, summaryLength },
        answered: {
          transcriptId: result.transcriptId,
          feature: result.feature,
          summaryLength: result.summaryLength,
        },
      });
    }
    return result;
  }

  private async newest(
    manager: EntityManager,
    videoId: string,
    feature: FeatureType,
    summaryLength: SummaryLength | null,
  ): Promise<AiContentItem | null> {
    const [row] = await manager.query<AiContentRow[]>(
      `SELECT ${AI_CONTENT_COLUMNS} FROM ai_content
        WHERE video_id = $1 AND feature_type = $2 AND summary_length IS NOT DISTINCT FROM $3
        ORDER BY created_at DESC LIMIT 1`,
      [videoId, feature, summaryLength],
    );
    return row ? toAiContentItem(row) : null;
  }

  /** One of the user's videos; another user's or a missing one is 404, so existence never leaks. */
  private async video(userId: string, videoId: string): Promise<OwnedVideo> {
    if (!isRecordId(videoId)) throw new NotFoundException(VIDEO_NOT_FOUND);
    const [row] = await this.dataSource.query<{ id: string; transcript_id: string; title: string | null }[]>(
      `SELECT v.id, v.transcript_id, t.title FROM videos v JOIN transcripts t ON t.id = v.transcript_id
        WHERE v.id = $1 AND v.user_id = $2`,
      [videoId.toLowerCase(), userId],
    );
    if (!row) throw new NotFoundException(VIDEO_NOT_FOUND);
    return { id: row.id, transcriptId: row.transcript_id, title: row.title };
  }
}
