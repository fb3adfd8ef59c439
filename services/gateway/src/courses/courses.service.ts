import { Injectable, NotFoundException } from '@nestjs/common';
import { isRecordId, type Course, type CourseSummary, type CreateCourseRequest } from '@lectern/contracts';
import {
  deleteCourse,
  findCourse,
  findCourseLectures,
  findLectureStudy,
  findCoursesOfUser,
  findVideoIdsOfUser,
  insertCourse,
  lockCourse,
  replaceCourseVideos,
  touchCourse,
  updateCourse,
  type Db,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { VIDEO_NOT_FOUND } from '../library/user-video';
import { courseSummary, courseWithLectures } from './course-answers';
import { courseOr404 } from './course-not-found';
import { CourseExams } from '../review/course-exams';

/** A user's courses: made, listed, renamed, given an exam date, their lectures ordered, deleted. */
@Injectable()
export class CoursesService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly exams: CourseExams,
  ) {}

  async create(userId: string, request: CreateCourseRequest): Promise<Course> {
    const id = await insertCourse(this.db, {
      userId,
      title: request.title,
      examDate: request.examDate ?? null,
    });
    await this.exams.bringForward(userId, id);
    return this.detail(userId, id);
  }

  async list(userId: string): Promise<CourseSummary[]> {
    return (await findCoursesOfUser(this.db, userId)).map(courseSummary);
  }

  async detail(userId: string, courseId: string): Promise<Course> {
    const course = courseOr404(await findCourse(this.db, userId, courseId));
    const lectures = await findCourseLectures(this.db, courseId);
    const videoIds = lectures.flatMap((lecture) => (lecture.video_id === null ? [] : [lecture.video_id]));
    return courseWithLectures(course, lectures, await findLectureStudy(this.db, userId, videoIds));
  }

  async update(
    userId: string,
    courseId: string,
    change: { title?: string; examDate?: string | null },
  ): Promise<Course> {
    courseOr404(await updateCourse(this.db, userId, courseId, change));
    if (change.examDate !== undefined) await this.exams.bringForward(userId, courseId);
    return this.detail(userId, courseId);
  }

  /** Removes the course; its videos stay in the library. */
  async remove(userId: string, courseId: string): Promise<void> {
    courseOr404(await deleteCourse(this.db, userId, courseId));
  }

  /**
   * The course's videos become these library videos, in this order (404 "Video not found." when one is not the
   * user's); lectures of an import still on their way into the library stay after them.
   */
  async setLectures(userId: string, courseId: string, videoIds: string[]): Promise<Course> {
    const ids = videoIds.map((id) => id.toLowerCase());
    await this.transactions.run(async (db) => {
      courseOr404(await lockCourse(db, userId, courseId));
      const owned = new Set(await findVideoIdsOfUser(db, userId, ids.filter(isRecordId)));
      if (ids.some((id) => !owned.has(id))) throw new NotFoundException(VIDEO_NOT_FOUND);
      await replaceCourseVideos(db, courseId, ids);
      await touchCourse(db, courseId);
    });
    await this.exams.bringForward(userId, courseId);
    return this.detail(userId, courseId);
  }
}
