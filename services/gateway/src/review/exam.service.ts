import { BadRequestException, Injectable } from '@nestjs/common';
import type { ExamDate, ExamPace, UpcomingExam } from '@lectern/contracts';
import {
  bringReviewCardsForward,
  countReviewCardsDueBefore,
  findCoursesOfUser,
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
import { CourseExams } from './course-exams';

export const PAST_EXAM_DATE = 'The exam date must be today or later.';

/** A video's exam date, and how its review stands before it (docs/api.md, "Exam dates"). */
@Injectable()
export class ExamService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly decks: ReviewDecks,
    private readonly courseExams: CourseExams,
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

  /**
   * The pace before every exam still to come (the exam day included), of the user's videos and courses, soonest
   * first (a course before a video on the same day).
   */
  async upcoming(userId: string): Promise<UpcomingExam[]> {
    const today = this.clock.now();
    const toCome = (date: string | null): date is string => date !== null && examDaysLeft(date, today) >= 0;
    const exams = [
      ...(await findCoursesOfUser(this.db, userId)).flatMap((course) =>
        toCome(course.exam_date) ? [{ date: course.exam_date, courseId: course.id }] : [],
      ),
      ...(await findExamDatesOfUser(this.db, userId)).flatMap(({ exam_date, video_id }) =>
        toCome(exam_date) ? [{ date: exam_date, videoId: video_id }] : [],
      ),
    ].sort((a, b) => a.date.localeCompare(b.date));
    const paces: UpcomingExam[] = [];
    for (const exam of exams)
      paces.push(
        'courseId' in exam
          ? await this.courseExams.pace(userId, exam.courseId)
          : await this.pace(userId, exam.videoId),
      );
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
