import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { QUESTION_NOT_FOUND, type AiQuestion, type User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { videoIdPipe } from '../library/video-id';
import { parseAskRequest } from './ask-request';
import { QuestionsService } from './questions.service';

const questionIdPipe = new ParseIdPipe(QUESTION_NOT_FOUND);

/** Ask the video: `POST /api/ai/ask`, `GET /api/ai/questions/:videoId`, `DELETE /api/ai/questions/:id`. */
@Controller('api/ai')
@UseGuards(SignedInGuard)
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Post('ask')
  @HttpCode(200)
  ask(@SignedInUser() user: User, @Body() body: unknown): Promise<AiQuestion> {
    return this.questions.ask(user, parseAskRequest(body));
  }

  @Get('questions/:videoId')
  thread(@SignedInUser() user: User, @Param('videoId', videoIdPipe) videoId: string): Promise<AiQuestion[]> {
    return this.questions.thread(user.id, videoId);
  }

  @Delete('questions/:id')
  @HttpCode(204)
  delete(@SignedInUser() user: User, @Param('id', questionIdPipe) id: string): Promise<void> {
    return this.questions.delete(user.id, id);
  }
}
