import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { UsageModule } from '../usage/usage.module';
import { TranscriptsController } from './transcripts.controller';
import { TranscriptCache, TranscriptFetcher, TranscriptsService } from './transcripts.service';

/** Analysing a video: its transcript, from the shared cache or fetched by the transcripts worker. */
@Module({
  imports: [LibraryModule, UsageModule],
  controllers: [TranscriptsController],
  providers: [TranscriptsService, TranscriptFetcher, TranscriptCache],
  exports: [TranscriptsService, TranscriptFetcher, TranscriptCache],
})
export class TranscriptsModule {}
