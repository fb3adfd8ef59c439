import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, UseGuards } from '@nestjs/common';
import {
  QUIZ_QUESTION_ID_PATTERN,
  QuizAttemptRequestSchema,
  type Quiz,
  type QuizAttempt,
  type QuizReviewCard,
} from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { parseWith } from '../http/zod';
import { videoIdPipe } from '../library/video-id';
import { ActionLimits } from '../usage/action-limits';
import { QUIZ_NOT_FOUND, QuizzesService } from './quizzes.service';

const quizIdPipe = new ParseIdPipe(QUIZ_NOT_FOUND);

/** A video's quiz, its attempts and its questions brought into review (docs/api.md, "Quizzes"). */
@Controller('api/quizzes')
@UseGuards(SignedInGuard)
export class QuizzesController {
  constructor(
    private readonly quizzes: QuizzesService,
    private readonly limits: ActionLimits,
  ) {}

  @Get(':videoId')
  newest(@CurrentUser() user: UserRecord, @Param('videoId', videoIdPipe) videoId: string): Promise<Quiz> {
    return this.quizzes.newest(user.id, videoId);
  }

  @Get(':videoId/attempts')
  attempts(
    @CurrentUser() user: UserRecord,
    @Param('videoId', videoIdPipe) videoId: string,
  ): Promise<QuizAttempt[]> {
    return this.quizzes.attempts(user.id, videoId);
  }

  /** Each attempt stores a row (and may rate review cards): QUIZ_ATTEMPTS_PER_HOUR per user, 429 past it. */
  @Post(':id/attempts')
  async attempt(
    @CurrentUser() user: UserRecord,
    @Param('id', quizIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<QuizAttempt> {
    const { answers } = parseWith(QuizAttemptRequestSchema, body);
    await this.limits.count(user.id, 'quiz_attempt');
    return this.quizzes.attempt(user.id, id, answers);
  }

  /** Idempotent: the same question asked twice is one card (200 both times, `added` says which time). */
  @Post(':id/questions/:questionId/review')
  @HttpCode(200)
  review(
    @CurrentUser() user: UserRecord,
    @Param('id', quizIdPipe) id: string,
    @Param('questionId') questionId: string,
  ): Promise<QuizReviewCard> {
    if (!QUIZ_QUESTION_ID_PATTERN.test(questionId))
      throw new NotFoundException('Question not found: question ids are q1, q2 and so on.');
    return this.quizzes.review(user.id, id, questionId);
  }
}
