import { Global, Module } from '@nestjs/common';
import { UserJobs } from './user-jobs';

/** The jobs a user's request waits for, on the user's plan lane and checked to be the request's. */
@Global()
@Module({
  providers: [UserJobs],
  exports: [UserJobs],
})
export class JobsModule {}
