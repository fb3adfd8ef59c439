import { Module } from '@nestjs/common';
import { JobAdmission } from './job-admission';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Monthly usage against the plan's limits, and the admission of every job a user asks for. */
@Module({
  controllers: [UsageController],
  providers: [UsageService, JobAdmission],
  exports: [UsageService, JobAdmission],
})
export class UsageModule {}
