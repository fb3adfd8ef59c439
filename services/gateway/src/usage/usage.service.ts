import { randomUUID } from 'node:crypto';
import { ForbiddenException, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { FREE_PLAN_LIMITS, hasProAccess, type User, type UsageStats } from '@lectern/contracts';
import {
  countUsesHeld,
  deleteExpiredReservations,
  deleteReservation,
  deleteSubjectReservations,
  findUsageOfMonth,
  hasReservation,
  insertReservation,
  lockUser,
  recordUsage,
  type Db,
  type UsageKind,
  Transactions,
} from '@lectern/db';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { InjectDb } from '../database/database.module';
import { MetricsService } from '../metrics/metrics.service';
import { JobAdmission, type WorkKind } from './job-admission';
import { transcribedMinutesOfMonth, transcriptionMinutesLimit } from './transcription-minutes';

export type { UsageKind } from '@lectern/db';

const LIMITS: Record<UsageKind, { limit: number; refusal: string }> = {
  transcript: {
    limit: FREE_PLAN_LIMITS.transcriptsPerMonth,
    refusal: `You have used all ${FREE_PLAN_LIMITS.transcriptsPerMonth} transcripts of the Free plan this month. Upgrade to Pro for unlimited transcripts.`,
  },
  ai_generation: {
    limit: FREE_PLAN_LIMITS.aiGenerationsPerMonth,
    refusal: `You have used all ${FREE_PLAN_LIMITS.aiGenerationsPerMonth} AI generations of the Free plan this month. Upgrade to Pro for unlimited generations.`,
  },
  ai_question: {
    limit: FREE_PLAN_LIMITS.aiQuestionsPerMonth,
    refusal: `You have used all ${FREE_PLAN_LIMITS.aiQuestionsPerMonth} questions of the Free plan this month. Upgrade to Pro for unlimited questions.`,
  },
};

/** The calendar month in UTC that usage counts against, e.g. "2026-11". */
export function usageMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** How one counted action runs; see UsageService.runCounted. */
export interface CountedAction<R, T> {
  /**
   * False when no job is needed (the result is at hand, e.g. a cached transcript): nothing is reserved and no
   * job slot is taken, but the use is still counted when `record` says so.
   */
  startsJob: boolean;
  /** Starts the job and awaits its result (or answers the result at hand). */
  job: () => Promise<R>;
  /** How long the job may take: a reservation older than this (its gateway crashed) no longer counts. */
  jobTimeoutMs: number;
  /**
   * What the reservation is for, e.g. a video: a second request of the same user for the same subject while the
   * first is running shares its reservation instead of taking another use (its job is the same, deduplicated).
   * Without it every request reserves its own use.
   */
  subject?: string;
  /**
   * Under the user's lock: stores the result and says what to count (the id of the counted row), or null when
   * nothing new was made (a parallel request stored it first).
   */
  record: (db: Db, result: R) => Promise<{ value: T; counted: string | null }>;
}

const WORK_OF: Record<UsageKind, WorkKind> = {
  transcript: 'analysis',
  ai_generation: 'generation',
  ai_question: 'question',
};

// A reservation outlives its job's timeout by this much, then stops counting even if never released.
const RESERVATION_MARGIN_MS = 60_000;

/**
 * The Free plan's monthly limits, enforced so that no race of parallel requests can beat them, and before any
 * work starts: a Free user never gets more jobs run than uses left.
 */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly metrics: MetricsService,
    private readonly admission: JobAdmission,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * The Pro plan's gate: a Free user asking for a Pro feature (`gate`, such as `ai:flashcards` or `export:pdf`) is
   * refused with 403 and `message`, and the refusal is counted in /metrics.
   */
  requirePro(user: Pick<User, 'plan' | 'role'>, gate: string, message: string): void {
    if (hasProAccess(user)) return;
    this.metrics.planGateRefused(gate);
    throw new ForbiddenException(message);
  }

  /** Uses recorded this month plus uses reserved by jobs still running. */
  private count(db: Db, userId: string, kind: UsageKind): Promise<number> {
    return countUsesHeld(db, userId, kind, usageMonth());
  }

  /**
   * The one sequence of every counted action (a new video in the library, an AI generation, a question):
   *  1. under the user's lock, a Free user's use is reserved (402 when none is left, counting other requests'
   *     reservations), so at most the uses left are ever worked on at once;
   *  2. the job runs within the user's job slots and hourly limits (429 otherwise);
   *  3. under the lock again, the result is stored and the use recorded in place of the reservation.
   * A job that fails or times out gives its reservation back: a failed job never uses anything. A reservation
   * left behind by a crashed gateway stops counting once its job could no longer be running.
   */
  async runCounted<R, T>(user: User, kind: UsageKind, action: CountedAction<R, T>): Promise<T> {
    const subject = action.subject ?? randomUUID();
    let reservation: string | null = null;
    let result: R;
    try {
      if (action.startsJob) {
        reservation = await this.reserve(user, kind, subject, action.jobTimeoutMs);
        result = await this.admission.run(user, WORK_OF[kind], action.jobTimeoutMs, action.job);
      } else {
        result = await action.job();
      }
      const value = await this.withUserLock(user.id, async (db) => {
        // This request's reservation, and any it shared, become the recorded use (or nothing, if none is made).
        await deleteSubjectReservations(db, user.id, kind, subject);
        const { value, counted } = await action.record(db, result);
        if (counted) await this.consume(db, user, kind, counted);
        return value;
      });
      reservation = null; // deleted with the use recorded
      return value;
    } finally {
      if (reservation) await this.release(reservation);
    }
  }

  /**
   * Reserves one use for a Free user (none for Pro and admins: they are unlimited): 402 when the month's uses and
   * the reservations of jobs still running leave none. Answers the reservation's id, or null when nothing was
   * reserved (Pro, or a reservation for the same subject is already there and is shared).
   */
  private async reserve(
    user: User,
    kind: UsageKind,
    subject: string,
    jobTimeoutMs: number,
  ): Promise<string | null> {
    if (hasProAccess(user)) return null;
    return this.withUserLock(user.id, async (db) => {
      await deleteExpiredReservations(db, user.id);
      if (await hasReservation(db, user.id, kind, subject)) return null;
      if ((await this.count(db, user.id, kind)) >= LIMITS[kind].limit) throw this.refusal(kind);
      return insertReservation(db, {
        userId: user.id,
        kind,
        subjectKey: subject,
        seconds: (jobTimeoutMs + RESERVATION_MARGIN_MS) / 1000,
      });
    });
  }

  /** Gives a reservation back (a no-op once it became a recorded use). */
  private async release(reservationId: string): Promise<void> {
    await deleteReservation(this.db, reservationId).catch((error: unknown) =>
      this.logger.warn(
        { err: error },
        'could not give a reservation back; it stops counting when it expires',
      ),
    );
  }

  /**
   * Runs `work` in a transaction that holds this user's row lock, so counted actions of one user happen one at
   * a time: the count, the check and the recording cannot interleave with a parallel request's.
   */
  async withUserLock<T>(userId: string, work: (db: Db) => Promise<T>): Promise<T> {
    return this.transactions.run(async (db) => {
      await lockUser(db, userId);
      return work(db);
    });
  }

  /** Inside withUserLock: refuses (402) a Free user over the limit, else records the use of `subjectId`. */
  private async consume(db: Db, user: User, kind: UsageKind, subjectId: string): Promise<void> {
    if (!hasProAccess(user) && (await this.count(db, user.id, kind)) >= LIMITS[kind].limit) {
      throw this.refusal(kind);
    }
    await recordUsage(db, { userId: user.id, kind, month: usageMonth(), subjectId });
  }

  private refusal(kind: UsageKind): HttpException {
    this.metrics.planLimitRefused(kind);
    return new HttpException({ message: LIMITS[kind].refusal }, HttpStatus.PAYMENT_REQUIRED);
  }

  async stats(user: User): Promise<UsageStats> {
    const month = usageMonth();
    const used = await findUsageOfMonth(this.db, user.id, month);
    const pro = hasProAccess(user);
    const transcribed = await transcribedMinutesOfMonth(this.db, user.id, month);
    return {
      month,
      videosAnalyzed: { used: used.transcripts, limit: pro ? null : LIMITS.transcript.limit },
      aiGenerations: { used: used.generations, limit: pro ? null : LIMITS.ai_generation.limit },
      notesCreated: used.notes,
      aiQuestions: { used: used.questions, limit: pro ? null : LIMITS.ai_question.limit },
      transcriptionMinutes: { used: transcribed, limit: transcriptionMinutesLimit(user, this.env) },
    };
  }
}
