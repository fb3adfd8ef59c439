import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { QUESTION_NOT_FOUND, type AiQuestion, type User } from '@lectern/contracts';
import type { Request, Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { wantsEventStream } from '../http/event-stream';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { videoIdPipe } from '../library/video-id';
import { parseAskRequest } from './ask-request';
import { answerWithEventStream } from '../streams/event-stream-answers';
import { JobStreams } from '../streams/job-streams';
import { QuestionsService } from './questions.service';
import { COURSE_NOT_FOUND } from '../courses/course-not-found';

const questionIdPipe = new ParseIdPipe(QUESTION_NOT_FOUND);
const courseIdPipe = new ParseIdPipe(COURSE_NOT_FOUND);

/**
 * Ask the video or the course: `POST /api/ai/ask`, `GET /api/ai/questions/:videoId`,
 * `GET /api/ai/course-questions/:courseId`, `DELETE /api/ai/questions/:id`.
 */
@Controller('api/ai')
@UseGuards(SignedInGuard)
export class QuestionsController {
  constructor(
    private readonly questions: QuestionsService,
    private readonly streams: JobStreams,
  ) {}

  /** The stored question as JSON; with `Accept: text/event-stream`, as it is written (docs/api.md, "Event streams"). */
  @Post('ask')
  @HttpCode(200)
  async ask(
    @SignedInUser() user: User,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const command = parseAskRequest(body);
    if (wantsEventStream(req)) {
      await answerWithEventStream(res, this.streams, user.id, (stream) =>
        this.questions.ask(user, command, stream),
      );
      return;
    }
    const answered: AiQuestion = await this.questions.ask(user, command);
    res.json(answered);
  }

  @Get('questions/:videoId')
  thread(@SignedInUser() user: User, @Param('videoId', videoIdPipe) videoId: string): Promise<AiQuestion[]> {
    return this.questions.thread(user.id, videoId);
  }

  @Get('course-questions/:courseId')
  courseThread(
    @SignedInUser() user: User,
    @Param('courseId', courseIdPipe) courseId: string,
  ): Promise<AiQuestion[]> {
    return this.questions.courseThread(user.id, courseId);
  }

  @Delete('questions/:id')
  @HttpCode(204)
  delete(@SignedInUser() user: User, @Param('id', questionIdPipe) id: string): Promise<void> {
    return this.questions.delete(user.id, id);
  }
}
