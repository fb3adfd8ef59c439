import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { courseIdPipe } from '../courses/course-not-found';
import { ExportService } from './export.service';

/** A course's study guide (Markdown, PDF, DOCX) or Anki package, rendered by the export worker. */
@Controller('api/courses')
@UseGuards(SignedInGuard)
export class CourseExportController {
  constructor(private readonly exports: ExportService) {}

  @Get(':id/export/:format')
  async download(
    @SignedInUser() user: User,
    @Param('id', courseIdPipe) id: string,
    @Param('format') format: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.exports.downloadCourse(user, id, format, res);
  }
}
