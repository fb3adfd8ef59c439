import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  CourseGenerateRequestSchema,
  DEFAULT_SUMMARY_LENGTH,
  GENERATE_VIDEO_OR_COURSE,
  GenerateRequestSchema,
  type AiContentItem,
  type CourseAiContentItem,
  type User,
} from '@lectern/contracts';
import type { Request, Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { sendRevalidatableJson } from '../http/revalidatable-json';
import { videoIdPipe } from '../library/video-id';
import { AiService, type GenerateCommand } from './ai.service';
import { answerWithEventStream } from '../streams/event-stream-answers';
import { wantsEventStream } from '../http/event-stream';
import { JobStreams, type JobStreamOpener } from '../streams/job-streams';
import { parseWith } from '../http/zod';
import { courseIdPipe } from '../courses/course-not-found';
import { CourseAiService, type CourseGenerateCommand } from './course-ai.service';

/**
 * Reads `POST /api/ai/generate`'s body with the contract's schema: a video's item (a summary gets its default
 * length), or with a `courseId`, the course's outline or summary.
 */
function parseGenerateRequest(body: unknown): GenerateCommand | CourseGenerateCommand {
  const names = typeof body === 'object' && body !== null ? body : {};
  if ('courseId' in names) {
    if ('videoId' in names) throw new BadRequestException(GENERATE_VIDEO_OR_COURSE);
    const { courseId, type } = parseWith(CourseGenerateRequestSchema, body);
    return { courseId, type };
  }
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
    private readonly courseAi: CourseAiService,
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

  @Get('course-content/:courseId')
  async courseContent(
    @SignedInUser() user: User,
    @Param('courseId', courseIdPipe) courseId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const items: CourseAiContentItem[] = await this.courseAi.list(user.id, courseId);
    await sendRevalidatableJson(req, res, JSON.stringify(items));
  }

  /**
   * The item as JSON; with `Accept: text/event-stream`, as it is written (docs/api.md, "Event streams"). A course's
   * outline or summary is not streamed: its stream is the one `done` event.
   */
  @Post('generate')
  @HttpCode(200)
  async generate(
    @SignedInUser() user: User,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const command = parseGenerateRequest(body);
    const produce = (stream?: JobStreamOpener): Promise<AiContentItem | CourseAiContentItem> =>
      'courseId' in command ? this.courseAi.generate(user, command) : this.ai.generate(user, command, stream);
    if (wantsEventStream(req)) {
      await answerWithEventStream(res, this.streams, user.id, produce);
      return;
    }
    res.json(await produce());
  }
}
