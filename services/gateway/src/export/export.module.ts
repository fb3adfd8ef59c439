import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';
import { exportHandOverProvider, ExportHandOverShutdown } from './export-hand-over.provider';

/** Downloads of a video as TXT, Markdown, PDF or DOCX, and of its flashcards as an Anki deck or CSV, rendered by the export worker. */
@Module({
  imports: [UsageModule],
  controllers: [ExportController],
  providers: [ExportService, exportHandOverProvider, ExportHandOverShutdown],
})
export class ExportModule {}
