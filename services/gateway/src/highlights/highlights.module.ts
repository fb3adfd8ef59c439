import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { UsageModule } from '../usage/usage.module';
import { HighlightsController } from './highlights.controller';
import { HighlightsService } from './highlights.service';

/** Highlights a user marks in a video's transcript. */
@Module({
  imports: [LibraryModule, UsageModule],
  controllers: [HighlightsController],
  providers: [HighlightsService],
})
export class HighlightsModule {}
