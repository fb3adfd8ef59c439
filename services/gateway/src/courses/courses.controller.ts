import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  CreateCourseRequestSchema,
  ImportCourseRequestSchema,
  SetCourseLecturesRequestSchema,
  UpdateCourseRequestSchema,
  type Course,
  type CourseSummary,
  type User,
} from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import type { Response } from 'express';
import { CurrentUser, SignedInGuard, SignedInUser } from '../auth/guards';
import { parseWith } from '../http/zod';
import { CourseChanges } from './course-changes';
import { streamCourse } from './course-event-stream';
import { CourseImports } from './course-imports.service';
import { courseIdPipe } from './course-not-found';
import { CoursesService } from './courses.service';

/** A user's courses: lectures in order, made by hand or imported from a YouTube playlist (docs/api.md, "Courses"). */
@Controller('api/courses')
@UseGuards(SignedInGuard)
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly imports: CourseImports,
    private readonly changes: CourseChanges,
  ) {}

  @Post()
  create(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<Course> {
    return this.courses.create(user.id, parseWith(CreateCourseRequestSchema, body));
  }

  /** Answers at once with the course; its videos are analysed one after another, in the playlist's order. */
  @Post('import')
  @HttpCode(202)
  import(@SignedInUser() user: User, @Body() body: unknown): Promise<Course> {
    const { playlistUrl } = parseWith(ImportCourseRequestSchema, body);
    return this.imports.start(user, playlistUrl);
  }

  // Opening the courses is when lectures that waited for next month go on, once a new month has begun.
  @Get()
  async list(@CurrentUser() user: UserRecord): Promise<CourseSummary[]> {
    await this.imports.resumeOnVisit(user.id);
    return this.courses.list(user.id);
  }

  @Get(':id')
  async detail(@CurrentUser() user: UserRecord, @Param('id', courseIdPipe) id: string): Promise<Course> {
    await this.imports.resumeOnVisit(user.id);
    return this.courses.detail(user.id, id);
  }

  /** The course at each change its import makes, as Server-Sent Events, until no lecture is left to analyse. */
  @Get(':id/events')
  events(
    @CurrentUser() user: UserRecord,
    @Param('id', courseIdPipe) id: string,
    @Res() res: Response,
  ): Promise<void> {
    return streamCourse(res, this.changes, id, () => this.courses.detail(user.id, id));
  }

  @Patch(':id')
  update(
    @CurrentUser() user: UserRecord,
    @Param('id', courseIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<Course> {
    return this.courses.update(user.id, id, parseWith(UpdateCourseRequestSchema, body));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: UserRecord, @Param('id', courseIdPipe) id: string): Promise<void> {
    await this.courses.remove(user.id, id);
  }

  @Put(':id/lectures')
  setLectures(
    @CurrentUser() user: UserRecord,
    @Param('id', courseIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<Course> {
    const { videoIds } = parseWith(SetCourseLecturesRequestSchema, body);
    return this.courses.setLectures(user.id, id, videoIds);
  }
}
