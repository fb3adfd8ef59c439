import { Injectable } from '@nestjs/common';
import type { CourseExamPace } from '@lectern/contracts';
import {
  bringCourseReviewCardsForward,
  countCourseReviewCardsDueBefore,
  findCourse,
  findCourseLectures,
  type Db,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { Clock } from '../common/clock';
import { courseOr404 } from '../courses/course-not-found';
import { examPace } from './exam-pace';
import { examScheduling } from './exam-schedule';
import { ReviewDecks } from './review-decks';

/**
 * A course's exam date schedules the cards of every lecture as a video's own exam date does its cards: retention
 * rising as the day nears and no due past the start of the exam day. Where a video has its own date too, the
 * sooner governs (findGoverningExamDate).
 */
@Injectable()
export class CourseExams {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly clock: Clock,
    private readonly decks: ReviewDecks,
  ) {}

  /**
   * After the course's exam date or lectures change: every card of its lectures due after the exam is brought
   * forward to the start of the exam day (cards from flashcards not yet read are made first, so they are too).
   */
  async bringForward(userId: string, courseId: string): Promise<void> {
    const course = await findCourse(this.db, userId, courseId);
    const exam = course && examScheduling(course.exam_date, this.clock.now());
    if (!exam) return;
    for (const videoId of await this.lectureVideoIds(courseId)) await this.decks.syncStale(userId, videoId);
    await bringCourseReviewCardsForward(this.db, courseId, exam.deadline);
  }

  /** How many cards of the course's lectures are left to see before its exam, and whether the pace is enough. */
  async pace(userId: string, courseId: string): Promise<CourseExamPace> {
    const course = courseOr404(await findCourse(this.db, userId, courseId));
    for (const videoId of await this.lectureVideoIds(courseId)) await this.decks.syncStale(userId, videoId);
    const counts = await examPace(course.exam_date, this.clock.now(), (before) =>
      countCourseReviewCardsDueBefore(this.db, courseId, before),
    );
    return { courseId, ...counts };
  }

  private async lectureVideoIds(courseId: string): Promise<string[]> {
    return (await findCourseLectures(this.db, courseId)).flatMap((lecture) =>
      lecture.video_id === null ? [] : [lecture.video_id],
    );
  }
}
