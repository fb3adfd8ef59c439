import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { CaptionTracksController } from './caption-tracks.controller';
import { CaptionTracksService } from './caption-tracks.service';

/** Which caption track a video's transcript comes from, and switching to another. */
@Module({
  imports: [LibraryModule],
  controllers: [CaptionTracksController],
  providers: [CaptionTracksService],
})
export class CaptionTracksModule {}
