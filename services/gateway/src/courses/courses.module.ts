import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ReviewModule } from '../review/review.module';
import { TranscriptsModule } from '../transcripts/transcripts.module';
import { UsageModule } from '../usage/usage.module';
import { CourseChanges } from './course-changes';
import { CourseImports } from './course-imports.service';
import { CoursesController } from './courses.controller';
import { CoursesService } from './courses.service';

/** Courses: a user's lectures in order, made by hand or imported from a YouTube playlist. */
@Module({
  imports: [BillingModule, ReviewModule, TranscriptsModule, UsageModule],
  controllers: [CoursesController],
  providers: [CoursesService, CourseImports, CourseChanges],
})
export class CoursesModule {}
