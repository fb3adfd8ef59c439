import { Module } from '@nestjs/common';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

/** Downloads of a video as TXT, PDF or DOCX, rendered by the export worker. */
@Module({
  controllers: [ExportController],
  providers: [ExportService],
})
export class ExportModule {}
