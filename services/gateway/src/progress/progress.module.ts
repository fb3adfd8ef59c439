import { Module } from '@nestjs/common';
import { ProgressController } from './progress.controller';

/** The watched position of each video, per user: what "Continue" and a course's time left read. */
@Module({ controllers: [ProgressController] })
export class ProgressModule {}
