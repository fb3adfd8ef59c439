import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { QuizSettingsSchema, type QuizSettings } from '@lectern/contracts';
import {
  findAutoReviewWrongAnswers,
  saveAutoReviewWrongAnswers,
  type Db,
  type UserRecord,
} from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { InjectDb } from '../database/database.module';
import { parseWith } from '../http/zod';

/** The student's own quiz settings: whether every wrong answer goes into review by itself. */
@Controller('api/quiz-settings')
@UseGuards(SignedInGuard)
export class QuizSettingsController {
  constructor(@InjectDb() private readonly db: Db) {}

  @Get()
  async read(@CurrentUser() user: UserRecord): Promise<QuizSettings> {
    return { autoReviewWrongAnswers: await findAutoReviewWrongAnswers(this.db, user.id) };
  }

  @Put()
  async save(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<QuizSettings> {
    const { autoReviewWrongAnswers } = parseWith(QuizSettingsSchema, body);
    await saveAutoReviewWrongAnswers(this.db, user.id, autoReviewWrongAnswers);
    return { autoReviewWrongAnswers };
  }
}
