import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { UsageModule } from '../usage/usage.module';
import { ReviewController } from './review.controller';
import { ReviewDecks } from './review-decks';
import { ReviewService } from './review.service';

/** Spaced review of a video's flashcards, scheduled by FSRS (docs/api.md, "Review"). */
@Module({
  imports: [LibraryModule, UsageModule],
  controllers: [ReviewController],
  providers: [ReviewService, ReviewDecks],
})
export class ReviewModule {}
