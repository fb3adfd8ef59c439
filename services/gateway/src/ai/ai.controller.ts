import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { AiContentItem, User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { videoIdPipe } from '../library/video-id';
import { parseGenerateRequest } from './ai-request';
import { AiService } from './ai.service';

@Controller('api/ai')
@UseGuards(SignedInGuard)
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Get('content/:videoId')
  content(
    @SignedInUser() user: User,
    @Param('videoId', videoIdPipe) videoId: string,
  ): Promise<AiContentItem[]> {
    return this.ai.list(user.id, videoId);
  }

  @Post('generate')
  @HttpCode(200)
  generate(@SignedInUser() user: User, @Body() body: unknown): Promise<AiContentItem> {
    return this.ai.generate(user, parseGenerateRequest(body));
  }
}
