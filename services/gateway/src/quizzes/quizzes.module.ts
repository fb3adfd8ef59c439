import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { QuizSettingsController } from './quiz-settings.controller';
import { QuizzesController } from './quizzes.controller';
import { QuizzesService } from './quizzes.service';

/** Taking a video's quiz: its questions, scored attempts, and wrong answers brought into FSRS review. */
@Module({
  imports: [UsageModule],
  controllers: [QuizzesController, QuizSettingsController],
  providers: [QuizzesService],
})
export class QuizzesModule {}
