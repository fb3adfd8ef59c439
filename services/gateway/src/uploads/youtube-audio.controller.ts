import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { TranscribeAudioRequestSchema, type TranscribeAudioStarted, type User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { parseWith } from '../http/zod';
import { YouTubeAudioService } from './youtube-audio.service';

@Controller('api/transcripts')
@UseGuards(SignedInGuard)
export class YouTubeAudioController {
  constructor(private readonly youtubeAudio: YouTubeAudioService) {}

  /**
   * Transcribes a YouTube video's audio (one without captions, typically) into the user's library: 202 with the
   * entry's id, whose progress `GET /api/videos/:id/transcription` tells.
   */
  @Post('transcribe-audio')
  @HttpCode(202)
  transcribeAudio(@SignedInUser() user: User, @Body() body: unknown): Promise<TranscribeAudioStarted> {
    const { youtubeUrl } = parseWith(TranscribeAudioRequestSchema, body);
    return this.youtubeAudio.start(user, youtubeUrl);
  }
}
