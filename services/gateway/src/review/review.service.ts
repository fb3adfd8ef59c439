import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { NEW_CARDS_PER_DAY, type DueCard, type ReviewRating, type ReviewedCard } from '@lectern/contracts';
import {
  countCardsIntroducedSince,
  countDueReviewCards,
  findCourse,
  findDueReviewCards,
  findGoverningExamDate,
  lockUserReviewCard,
  recordReview,
  type Db,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { Clock } from '../common/clock';
import { courseOr404 } from '../courses/course-not-found';
import { VideosService } from '../library/videos.service';
import { ReviewDecks } from './review-decks';
import { rate, UnschedulableCardError } from './review-scheduler';

export const CARD_NOT_FOUND = 'Card not found.';
export const CARD_UNSCHEDULABLE =
  'This card’s schedule cannot take a rating right now. Please reload the cards due and try again.';

@Injectable()
export class ReviewService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly decks: ReviewDecks,
    private readonly videos: VideosService,
  ) {}

  /**
   * The first `limit` cards due now or earlier across the user's library, or of one of their videos, soonest
   * first, or of the lectures of one of their courses, lecture by lecture, and how many are due in all. New cards beyond the day's allowance (NEW_CARDS_PER_DAY, counted per UTC
   * day) are held back for the following days.
   */
  async due(
    userId: string,
    videoId: string | null,
    limit: number,
    courseId: string | null = null,
  ): Promise<{ cards: DueCard[]; total: number }> {
    if (videoId) await this.videos.summary(userId, videoId); // 404 unless it is the user's
    if (courseId) courseOr404(await findCourse(this.db, userId, courseId));
    await this.decks.syncStale(userId, videoId);
    const now = this.clock.now();
    const introduced = await countCardsIntroducedSince(this.db, userId, utcDayStart(now));
    const query = {
      userId,
      now,
      videoId,
      courseId,
      newAllowance: Math.max(0, NEW_CARDS_PER_DAY - introduced),
    };
    const [rows, total] = await Promise.all([
      findDueReviewCards(this.db, query, limit),
      countDueReviewCards(this.db, query),
    ]);
    return {
      cards: rows.map((row) => ({
        id: row.id,
        videoId: row.video_id,
        question: row.question,
        answer: row.answer,
        due: row.due.toISOString(),
        ...(row.moment_start === null ? {} : { moment: { start: row.moment_start } }),
      })),
      total,
    };
  }

  /**
   * Rates one of the user's current cards now, before the exam date that governs its video (its own or a course's, the sooner) as that asks. The card row is
   * locked from reading its schedule to storing the next one, so two ratings sent at once are both applied, one
   * after the other.
   */
  async review(userId: string, cardId: string, rating: ReviewRating): Promise<ReviewedCard> {
    return this.transactions.run(async (db) => {
      const card = await lockUserReviewCard(db, userId, cardId);
      if (!card) throw new NotFoundException(CARD_NOT_FOUND);
      const examDate = (await findGoverningExamDate(db, userId, card.video_id)) ?? null;
      const next = rateOrConflict(card, rating, this.clock.now(), examDate);
      await recordReview(db, card.id, next.schedule, next.log);
      return {
        id: card.id,
        videoId: card.video_id,
        rating,
        due: next.schedule.due.toISOString(),
        state: next.schedule.state,
        reps: next.schedule.reps,
        lapses: next.schedule.lapses,
        scheduledDays: next.schedule.scheduled_days,
        lastReview: next.log.reviewed_at.toISOString(),
      };
    });
  }
}

function rateOrConflict(...args: Parameters<typeof rate>): ReturnType<typeof rate> {
  try {
    return rate(...args);
  } catch (error) {
    if (error instanceof UnschedulableCardError) throw new ConflictException(CARD_UNSCHEDULABLE);
    throw error;
  }
}

function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
