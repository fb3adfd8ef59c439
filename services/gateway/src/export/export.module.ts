import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

/** Downloads of a video as TXT, PDF or DOCX, and of its flashcards as an Anki deck or CSV, rendered by the export worker. */
@Module({
  imports: [UsageModule],
  controllers: [ExportController],
  providers: [ExportService],
})
export class ExportModule {}
