import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** Ask the video: questions about a video answered from its transcript, kept as a thread per video. */
@Module({
  imports: [UsageModule],
  controllers: [QuestionsController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
