import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import {
  ExamDateRequestSchema,
  ExamPaceQuerySchema,
  type CourseExamPace,
  type ExamDate,
  type ExamPace,
  type UpcomingExam,
} from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { parseWith } from '../http/zod';
import { videoIdPipe } from '../library/video-id';
import { courseIdOr404 } from '../courses/course-not-found';
import { CourseExams } from './course-exams';
import { ExamService } from './exam.service';

/** A video's exam date and the review's pace before it, or before a course's exam. */
@Controller()
@UseGuards(SignedInGuard)
export class ExamController {
  constructor(
    private readonly exams: ExamService,
    private readonly courseExams: CourseExams,
  ) {}

  @Put('api/videos/:id/exam')
  save(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<ExamDate> {
    const { date } = parseWith(ExamDateRequestSchema, body);
    return this.exams.save(user.id, id, date);
  }

  @Get('api/review/exams')
  upcoming(@CurrentUser() user: UserRecord): Promise<UpcomingExam[]> {
    return this.exams.upcoming(user.id);
  }

  @Get('api/review/exam')
  pace(@CurrentUser() user: UserRecord, @Query() query: unknown): Promise<ExamPace | CourseExamPace> {
    const { videoId, courseId } = parseWith(ExamPaceQuerySchema, query);
    if (courseId !== undefined) return this.courseExams.pace(user.id, courseIdOr404(courseId));
    return this.exams.pace(user.id, videoIdPipe.transform(videoId ?? ''));
  }
}
