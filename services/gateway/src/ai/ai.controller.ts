import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  DEFAULT_SUMMARY_LENGTH,
  GenerateRequestSchema,
  type AiContentItem,
  type User,
} from '@lectern/contracts';
import type { Request, Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { sendRevalidatableJson } from '../http/revalidatable-json';
import { videoIdPipe } from '../library/video-id';
import { AiService, type GenerateCommand } from './ai.service';
import { answerWithEventStream } from '../streams/event-stream-answers';
import { wantsEventStream } from '../http/event-stream';
import { JobStreams } from '../streams/job-streams';
import { parseWith } from '../http/zod';

/** Reads `POST /api/ai/generate`'s body with the contract's schema; a summary gets its default length. */
function parseGenerateRequest(body: unknown): GenerateCommand {
  const parsed = parseWith(GenerateRequestSchema, body);
  return {
    videoId: parsed.videoId,
    feature: parsed.type,
    summaryLength: parsed.type === 'summary' ? (parsed.summaryLength ?? DEFAULT_SUMMARY_LENGTH) : null,
    regenerate: parsed.regenerate,
  };
}

@Controller('api/ai')
@UseGuards(SignedInGuard)
export class AiController {
  constructor(
    private readonly ai: AiService,
    private readonly streams: JobStreams,
  ) {}

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

  /** The item as JSON; with `Accept: text/event-stream`, as it is written (docs/api.md, "Event streams"). */
  @Post('generate')
  @HttpCode(200)
  async generate(
    @SignedInUser() user: User,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const command = parseGenerateRequest(body);
    if (wantsEventStream(req)) {
      await answerWithEventStream(res, this.streams, user.id, (stream) =>
        this.ai.generate(user, command, stream),
      );
      return;
    }
    res.json(await this.ai.generate(user, command));
  }
}
