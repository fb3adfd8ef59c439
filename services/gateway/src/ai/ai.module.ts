import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { CourseAiService } from './course-ai.service';

/** AI study and content material of videos and courses: stored results, plan gates and generation through the ai worker. */
@Module({
  imports: [UsageModule],
  controllers: [AiController],
  providers: [AiService, CourseAiService],
})
export class AiModule {}
