import { Module } from '@nestjs/common';
import { ActionLimits } from './action-limits';
import { JobAdmission } from './job-admission';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Monthly usage against the plan's limits, the admission of every job a user asks for, hourly allowances. */
@Module({
  controllers: [UsageController],
  providers: [UsageService, JobAdmission, ActionLimits],
  exports: [UsageService, JobAdmission, ActionLimits],
})
export class UsageModule {}
