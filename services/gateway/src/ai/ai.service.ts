import { Injectable } from '@nestjs/common';
import {
  FEATURE_TYPES,
  QueueName,
  SUMMARY_LENGTHS,
  type AiContentItem,
  type FeatureType,
  type GenerateResult,
  type SummaryLength,
  type User,
} from '@lectern/contracts';
import {
  findNewestAiContent,
  findNewestAiContentOfVideo,
  insertAiContent,
  pruneAiContent,
  type AiContentRow,
  type Db,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { userVideoOr404, videoOfUserOr404, type UserVideo } from '../library/user-video';
import { askedAndAnswered } from '../jobs/user-jobs';
import { UserJobs } from '../jobs/user-jobs';
import { ActionLimits } from '../usage/action-limits';
import { UsageService } from '../usage/usage.service';
import type { JobStreamOpener } from '../streams/job-streams';

// A ten-hour transcript on a provider goes through map-reduce: a dozen chunk requests (three at a time), maybe a
// condensing round and the final request, each allowed AI_TIMEOUT_MS, plus a job retry after a transient failure.
export const AI_GENERATE_TIMEOUT_MS = 10 * 60_000;

/** What Free users are told when they ask for a Pro feature. */
const PRO_FEATURE_LABELS: Record<Exclude<FeatureType, 'summary'>, string> = {
  insights: 'Key insights',
  flashcards: 'Flashcards',
  cornell_notes: 'Cornell notes',
  outline: 'Outlines and mind maps',
  quiz: 'Quizzes',
  tweet: 'Tweet threads',
  blog: 'Blog posts',
  action_plan: 'Action plans',
};

// Items in the order the AI tools panel shows them: features as listed, summaries micro to detailed.
function displayOrder(item: AiContentItem): number {
  const length = item.summaryLength === null ? 0 : SUMMARY_LENGTHS.indexOf(item.summaryLength);
  return FEATURE_TYPES.indexOf(item.featureType) * 10 + length;
}

/** A `POST /api/ai/generate` as the service takes it. */
export interface GenerateCommand {
  videoId: string;
  feature: FeatureType;
  /** The summary's length (short when not given); null for every other feature. */
  summaryLength: SummaryLength | null;
  regenerate: boolean;
}

/** An `ai_content` row in its API shape. */
export function toAiContentItem(row: AiContentRow): AiContentItem {
  return {
    id: row.id,
    videoId: row.video_id,
    featureType: row.feature_type,
    summaryLength: row.summary_length,
    outputText: row.output_text,
    engine: row.engine,
    model: row.model,
    createdAt: row.created_at.toISOString(),
  };
}

/** AI study and content material: stored per video, feature and summary length; written by the ai worker. */
@Injectable()
export class AiService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly jobs: UserJobs,
    private readonly usage: UsageService,
    private readonly limits: ActionLimits,
  ) {}

  /** The newest item of each kind for one of the user's videos. Reading never counts. */
  async list(userId: string, videoId: string): Promise<AiContentItem[]> {
    await userVideoOr404(this.db, userId, videoId);
    const rows = await findNewestAiContentOfVideo(this.db, videoId);
    return rows.map(toAiContentItem).sort((a, b) => displayOrder(a) - displayOrder(b));
  }

  /**
   * Answers the stored item when one exists and no regeneration was asked for (nothing counted). Otherwise the ai
   * worker writes it as a counted action (see UsageService.runCounted): a Free user's use is reserved before the
   * job starts, so parallel requests never run more generations than uses left, and a failed one never counts.
   * With a `stream` (the client asked for an event stream), the job's text is streamed as it is written. Writing
   * again what is stored counts against REGENERATIONS_PER_HOUR, and a video keeps the newest
   * AI_CONTENT_KEPT_PER_KIND items of a kind (pruneAiContent).
   */
  async generate(user: User, command: GenerateCommand, stream?: JobStreamOpener): Promise<AiContentItem> {
    const { feature, summaryLength } = command;
    if (feature !== 'summary') {
      this.usage.requirePro(
        user,
        `ai:${feature}`,
        `${PRO_FEATURE_LABELS[feature]} are part of the Pro plan. Upgrade to Pro to generate them.`,
      );
    }
    const video = await userVideoOr404(this.db, user.id, command.videoId);
    const stored = await this.newest(this.db, video.id, feature, summaryLength);
    if (stored) {
      if (!command.regenerate) return stored;
      await this.limits.count(user.id, 'regeneration');
    }

    return this.usage.runCounted(user, 'ai_generation', {
      startsJob: true,
      job: () => this.write(user, video, command, stream),
      jobTimeoutMs: AI_GENERATE_TIMEOUT_MS,
      record: async (db, result) => {
        // Stored against the user's video only if it is still theirs (deleted meanwhile: 404, nothing counted).
        await videoOfUserOr404(db, user.id, video.id);
        if (!command.regenerate) {
          // A parallel request may have stored it meanwhile: answer that one and count nothing more.
          const stored = await this.newest(db, video.id, feature, summaryLength);
          if (stored) return { value: stored, counted: null };
        }
        const row = await insertAiContent(db, {
          video_id: video.id,
          feature_type: feature,
          summary_length: summaryLength,
          output_text: result.outputText,
          engine: result.engine,
          model: result.model,
        });
        await pruneAiContent(db, { videoId: video.id, feature, summaryLength });
        return { value: toAiContentItem(row), counted: row.id };
      },
    });
  }

  /** Has the ai worker write the item; the answer must be what was asked for, about this video's transcript. */
  private async write(
    user: User,
    video: UserVideo,
    command: GenerateCommand,
    stream?: JobStreamOpener,
  ): Promise<GenerateResult> {
    const { feature, summaryLength } = command;
    const asked = { transcriptId: video.transcriptId, feature, summaryLength };
    return this.jobs.request(
      user,
      QueueName.Ai,
      'generate',
      { ...asked, title: video.title },
      {
        timeoutMs: AI_GENERATE_TIMEOUT_MS,
        timeoutMessage: 'Writing this content took too long. Please try again.',
        stream,
      },
      {
        what: 'AI content',
        mismatch: (result) => {
          const differs = askedAndAnswered(asked, result);
          return differs && { videoId: video.id, ...differs };
        },
      },
    );
  }

  private async newest(
    db: Db,
    videoId: string,
    feature: FeatureType,
    summaryLength: SummaryLength | null,
  ): Promise<AiContentItem | null> {
    const row = await findNewestAiContent(db, videoId, feature, summaryLength);
    return row ? toAiContentItem(row) : null;
  }
}
