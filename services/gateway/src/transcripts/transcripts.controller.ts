import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FetchTranscriptRequestSchema, type VideoSummary } from '@lectern/contracts';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { preferredLanguages } from '../caption-tracks/preferred-languages';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { TranscriptsService } from './transcripts.service';

@Controller('api/transcripts')
@UseGuards(SignedInGuard)
export class TranscriptsController {
  constructor(private readonly transcripts: TranscriptsService) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(
    @CurrentUser() user: UserRecord,
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<VideoSummary> {
    const { youtubeUrl } = parseWith(FetchTranscriptRequestSchema, body);
    return this.transcripts.analyse(toUser(user), youtubeUrl, preferredLanguages(acceptLanguage));
  }
}
