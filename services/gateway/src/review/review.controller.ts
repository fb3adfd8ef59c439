import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  DUE_CARDS_TOTAL_HEADER,
  DueCardsQuerySchema,
  ReviewCardRequestSchema,
  type DueCard,
  type ReviewedCard,
} from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import type { Response } from 'express';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { parseWith } from '../http/zod';
import { courseIdOr404 } from '../courses/course-not-found';
import { videoIdPipe } from '../library/video-id';
import { ActionLimits } from '../usage/action-limits';
import { CARD_NOT_FOUND, ReviewService } from './review.service';

@Controller('api/review')
@UseGuards(SignedInGuard)
export class ReviewController {
  constructor(
    private readonly review: ReviewService,
    private readonly limits: ActionLimits,
  ) {}

  /** The first `limit` cards due (of a video or a course, when asked), and in `X-Total-Count` how many are due in all (the navigation's count). */
  @Get('due')
  async due(
    @CurrentUser() user: UserRecord,
    @Query() query: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DueCard[]> {
    const { videoId, courseId, limit } = parseWith(DueCardsQuerySchema, query);
    const due = await this.review.due(
      user.id,
      videoId === undefined ? null : videoIdPipe.transform(videoId),
      limit,
      courseId === undefined ? null : courseIdOr404(courseId),
    );
    res.setHeader(DUE_CARDS_TOTAL_HEADER, String(due.total));
    return due.cards;
  }

  @Post(':cardId')
  @HttpCode(200)
  async rate(
    @CurrentUser() user: UserRecord,
    @Param('cardId', new ParseIdPipe(CARD_NOT_FOUND)) cardId: string,
    @Body() body: unknown,
  ): Promise<ReviewedCard> {
    const { rating } = parseWith(ReviewCardRequestSchema, body);
    await this.limits.count(user.id, 'review_rating');
    return this.review.review(user.id, cardId, rating);
  }
}
