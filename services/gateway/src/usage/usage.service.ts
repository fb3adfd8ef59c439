import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { FREE_PLAN_LIMITS, hasProAccess, type User, type UsageStats } from '@lectern/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';

export type UsageKind = 'transcript' | 'ai_generation';

const LIMITS: Record<UsageKind, { limit: number; refusal: string }> = {
  transcript: {
    limit: FREE_PLAN_LIMITS.transcriptsPerMonth,
    refusal: `You have used all ${FREE_PLAN_LIMITS.transcriptsPerMonth} transcripts of the Free plan this month. Upgrade to Pro for unlimited transcripts.`,
  },
  ai_generation: {
    limit: FREE_PLAN_LIMITS.aiGenerationsPerMonth,
    refusal: `You have used all ${FREE_PLAN_LIMITS.aiGenerationsPerMonth} AI generations of the Free plan this month. Upgrade to Pro for unlimited generations.`,
  },
};

/** The calendar month in UTC that usage counts against, e.g. "2026-11". */
export function usageMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The Free plan's monthly limits, enforced so that no race of parallel requests can beat them. */
@Injectable()
export class UsageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  private async count(manager: EntityManager, userId: string, kind: UsageKind): Promise<number> {
    const [row] = await manager.query<{ count: string }[]>(
      'SELECT count(*) AS count FROM usage_events WHERE user_id = $1 AND kind = $2 AND month = $3',
      [userId, kind, usageMonth()],
    );
    return Number(row?.count ?? 0);
  }

  /** 402 when a Free user has no use of this kind left this month (a cheap early check, outside any lock). */
  async assertAvailable(user: User, kind: UsageKind): Promise<void> {
    if (hasProAccess(user)) return;
    if ((await this.count(this.dataSource.manager, user.id, kind)) >= LIMITS[kind].limit) {
      throw this.refusal(kind);
    }
  }

  /**
   * Runs `work` in a transaction that holds this user's row lock, so counted actions of one user happen one at
   * a time: the count, the check and the recording cannot interleave with a parallel request's.
   */
  async withUserLock<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      return work(manager);
    });
  }

  /** Inside withUserLock: refuses (402) a Free user over the limit, else records the use of `subjectId`. */
  async consume(manager: EntityManager, user: User, kind: UsageKind, subjectId: string): Promise<void> {
    if (!hasProAccess(user) && (await this.count(manager, user.id, kind)) >= LIMITS[kind].limit) {
      throw this.refusal(kind);
    }
    await manager.query(
      `INSERT INTO usage_events (user_id, kind, month, subject_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, subject_id) DO NOTHING`,
      [user.id, kind, usageMonth(), subjectId],
    );
  }

  private refusal(kind: UsageKind): HttpException {
    this.metrics.planLimitRefused(kind);
    return new HttpException({ message: LIMITS[kind].refusal }, HttpStatus.PAYMENT_REQUIRED);
  }

  async stats(user: User): Promise<UsageStats> {
    const month = usageMonth();
    const [row] = await this.dataSource.query<{ transcripts: string; generations: string; notes: string }[]>(
      `SELECT
         (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = 'transcript' AND month = $2) AS transcripts,
         (SELECT count(*) FROM usage_events WHERE user_id = $1 AND kind = 'ai_generation' AND month = $2) AS generations,
         (SELECT count(*) FROM videos WHERE user_id = $1 AND notes <> ''
            AND to_char(notes_updated_at AT TIME ZONE 'UTC', 'YYYY-MM') = $2) AS notes`,
      [user.id, month],
    );
    const pro = hasProAccess(user);
    return {
      month,
      videosAnalyzed: { used: Number(row?.transcripts ?? 0), limit: pro ? null : LIMITS.transcript.limit },
      aiGenerations: { used: Number(row?.generations ?? 0), limit: pro ? null : LIMITS.ai_generation.limit },
      notesCreated: Number(row?.notes ?? 0),
    };
  }
}
