import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

/** Downloads of a video as TXT, PDF or DOCX, rendered by the export worker. */
@Module({
  imports: [LibraryModule],
  controllers: [ExportController],
  providers: [ExportService],
})
export class ExportModule {}
