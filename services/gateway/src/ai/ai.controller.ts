import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { AiContentItem, User } from '@lectern/contracts';
import type { Request, Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { sendRevalidatableJson } from '../http/revalidatable-json';
import { videoIdPipe } from '../library/video-id';
import { parseGenerateRequest } from './ai-request';
import { AiService } from './ai.service';

@Controller('api/ai')
@UseGuards(SignedInGuard)
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Get('content/:videoId')
  async content(
    @SignedInUser() user: User,
    @Param('videoId', videoIdPipe) videoId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const items: AiContentItem[] = await this.ai.list(user.id, videoId);
    await sendRevalidatableJson(req, res, JSON.stringify(items));
  }

  @Post('generate')
  @HttpCode(200)
  generate(@SignedInUser() user: User, @Body() body: unknown): Promise<AiContentItem> {
    return this.ai.generate(user, parseGenerateRequest(body));
  }
}
