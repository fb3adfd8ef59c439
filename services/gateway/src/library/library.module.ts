import { Module } from '@nestjs/common';
import { HighlightsController } from '../highlights/highlights.controller';
import { HighlightsService } from '../highlights/highlights.service';
import { TranscriptsController } from '../transcripts/transcripts.controller';
import { TranscriptCache } from '../transcripts/transcript-cache';
import { TranscriptFetcher } from '../transcripts/transcript-fetcher';
import { TranscriptsService } from '../transcripts/transcripts.service';
import { JobAdmission } from '../usage/job-admission';
import { UsageController } from '../usage/usage.controller';
import { UsageService } from '../usage/usage.service';
import { VideosController } from './videos.controller';
import { VideosService } from './videos.service';

/** The user's library: analysing videos, the list and pages, highlights, notes and monthly usage. */
@Module({
  controllers: [TranscriptsController, VideosController, HighlightsController, UsageController],
  providers: [
    TranscriptsService,
    TranscriptFetcher,
    TranscriptCache,
    VideosService,
    HighlightsService,
    UsageService,
    JobAdmission,
  ],
  exports: [VideosService, UsageService, JobAdmission, TranscriptFetcher, TranscriptCache],
})
export class LibraryModule {}
