import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { AiContentItem } from '@lectern/contracts';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { VIDEO_NOT_FOUND } from '../library/video-not-found';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { parseGenerateRequest } from './ai-request';
import { AiService } from './ai.service';

@Controller('api/ai')
@UseGuards(SignedInGuard)
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Get('content/:videoId')
  content(
    @CurrentUser() user: UserRecord,
    @Param('videoId', new ParseIdPipe(VIDEO_NOT_FOUND)) videoId: string,
  ): Promise<AiContentItem[]> {
    return this.ai.list(user.id, videoId);
  }

  @Post('generate')
  @HttpCode(200)
  generate(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<AiContentItem> {
    return this.ai.generate(toUser(user), parseGenerateRequest(body));
  }
}
