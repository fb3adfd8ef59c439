import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { TranscriptsModule } from '../transcripts/transcripts.module';
import { UsageModule } from '../usage/usage.module';
import { CaptionTracksController } from './caption-tracks.controller';
import { CaptionTracksService } from './caption-tracks.service';

/** Which caption track a video's transcript comes from, and switching to another. */
@Module({
  imports: [LibraryModule, TranscriptsModule, UsageModule],
  controllers: [CaptionTracksController],
  providers: [CaptionTracksService],
})
export class CaptionTracksModule {}
