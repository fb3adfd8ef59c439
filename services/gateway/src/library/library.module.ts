import { Module } from '@nestjs/common';
import { MediaStoreModule } from '../uploads/media-store.module';
import { TranscriptAnswerBuilds } from './transcript-answer-builds';
import { VideosController } from './videos.controller';
import { VideosService } from './videos.service';

/** The user's library: the list of videos, a video's page, its notes and its removal. */
@Module({
  imports: [MediaStoreModule],
  controllers: [VideosController],
  providers: [VideosService, TranscriptAnswerBuilds],
  exports: [VideosService],
})
export class LibraryModule {}
