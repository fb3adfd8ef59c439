import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  DueCardsQuerySchema,
  ReviewCardRequestSchema,
  type DueCard,
  type ReviewedCard,
} from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { parseWith } from '../http/zod';
import { videoIdPipe } from '../library/video-id';
import { CARD_NOT_FOUND, ReviewService } from './review.service';

@Controller('api/review')
@UseGuards(SignedInGuard)
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @Get('due')
  due(@CurrentUser() user: UserRecord, @Query() query: unknown): Promise<DueCard[]> {
    const { videoId } = parseWith(DueCardsQuerySchema, query);
    return this.review.due(user.id, videoId === undefined ? null : videoIdPipe.transform(videoId));
  }

  @Post(':cardId')
  @HttpCode(200)
  rate(
    @CurrentUser() user: UserRecord,
    @Param('cardId', new ParseIdPipe(CARD_NOT_FOUND)) cardId: string,
    @Body() body: unknown,
  ): Promise<ReviewedCard> {
    const { rating } = parseWith(ReviewCardRequestSchema, body);
    return this.review.review(user.id, cardId, rating);
  }
}
