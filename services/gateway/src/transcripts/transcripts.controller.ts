import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FetchTranscriptRequestSchema, type VideoSummary, type User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { preferredLanguages } from '../http/preferred-languages';
import { parseWith } from '../http/zod';
import { TranscriptsService } from './transcripts.service';

@Controller('api/transcripts')
@UseGuards(SignedInGuard)
export class TranscriptsController {
  constructor(private readonly transcripts: TranscriptsService) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(
    @SignedInUser() user: User,
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<VideoSummary> {
    const { youtubeUrl } = parseWith(FetchTranscriptRequestSchema, body);
    return this.transcripts.analyse(user, youtubeUrl, preferredLanguages(acceptLanguage));
  }
}
