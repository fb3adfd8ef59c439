import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module';
import { UsageModule } from '../usage/usage.module';
import { CourseExams } from './course-exams';
import { ExamController } from './exam.controller';
import { ExamService } from './exam.service';
import { ReviewController } from './review.controller';
import { ReviewDecks } from './review-decks';
import { ReviewService } from './review.service';

/**
 * Spaced review of a video's flashcards and quiz questions, scheduled by FSRS, ready by the video's exam date
 * (docs/api.md, "Review").
 */
@Module({
  imports: [LibraryModule, UsageModule],
  controllers: [ExamController, ReviewController],
  providers: [ReviewService, ReviewDecks, ExamService, CourseExams],
  exports: [ReviewDecks, CourseExams],
})
export class ReviewModule {}
