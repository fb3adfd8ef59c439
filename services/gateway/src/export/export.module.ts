import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { CourseExportController } from './course-export.controller';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';
import { exportHandOverProvider, ExportHandOverShutdown } from './export-hand-over.provider';

/**
 * Downloads of a video as TXT, Markdown, PDF or DOCX, of its flashcards as an Anki deck or CSV, and of a course's
 * study guide or Anki package, rendered by the export worker.
 */
@Module({
  imports: [UsageModule],
  controllers: [ExportController, CourseExportController],
  providers: [ExportService, exportHandOverProvider, ExportHandOverShutdown],
})
export class ExportModule {}
