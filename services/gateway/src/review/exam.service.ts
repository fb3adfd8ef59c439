import { BadRequestException, Injectable } from '@nestjs/common';
import type { ExamDate, ExamPace } from '@lectern/contracts';
import {
  bringReviewCardsForward,
  countReviewCardsDueBefore,
  findExamDatesOfUser,
  findGoverningExamDate,
  saveVideoExamDate,
  type Db,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { Clock } from '../common/clock';
import { videoOr404 } from '../library/user-video';
import { ReviewDecks } from './review-decks';
import { examDaysLeft, examScheduling } from './exam-schedule';
import { examPace } from './exam-pace';

export const PAST_EXAM_DATE = 'The exam date must be today or later.';

/** A video's exam date, and how its review stands before it (docs/api.md, "Exam dates"). */
@Injectable()
export class ExamService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly decks: ReviewDecks,
  ) {}

  /**
   * Sets (or clears, with null) the exam date of the user's video. A new date brings every card of the video
   * due after the exam forward to the start of the exam day, so each is seen again before it.
   */
  async save(userId: string, videoId: string, examDate: string | null): Promise<ExamDate> {
    if (examDate !== null && examDaysLeft(examDate, this.clock.now()) < 0)
      throw new BadRequestException(PAST_EXAM_DATE);
    // Cards from flashcards not yet read are made first, so they are brought forward too.
    await this.decks.syncStale(userId, videoId);
    return this.transactions.run(async (db) => {
      videoOr404(await saveVideoExamDate(db, userId, videoId, examDate));
      // On the exam day itself scheduling is already normal again: nothing is brought forward.
      const exam = examScheduling(examDate, this.clock.now());
      if (exam) await bringReviewCardsForward(db, videoId, exam.deadline);
      return { videoId, examDate };
    });
  }

  /** The pace before every exam still to come (the exam day included), soonest first. */
  async upcoming(userId: string): Promise<ExamPace[]> {
    const today = this.clock.now();
    const dates = (await findExamDatesOfUser(this.db, userId))
      .filter(({ exam_date }) => examDaysLeft(exam_date, today) >= 0)
      .sort((a, b) => a.exam_date.localeCompare(b.exam_date));
    const paces: ExamPace[] = [];
    for (const { video_id } of dates) paces.push(await this.pace(userId, video_id));
    return paces;
  }

  /**
   * How many of the video's cards are left to see before its exam, and whether the pace is enough. The exam is
   * the one that governs the video: its own or that of a course it is in, the sooner.
   */
  async pace(userId: string, videoId: string): Promise<ExamPace> {
    const examDate = await findGoverningExamDate(this.db, userId, videoId);
    if (examDate === undefined) return videoOr404(false);
    await this.decks.syncStale(userId, videoId);
    return {
      videoId,
      ...(await examPace(examDate, this.clock.now(), (before) =>
        countReviewCardsDueBefore(this.db, videoId, before),
      )),
    };
  }
}
