import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { RenameVideoRequestSchema, type UploadTranscription } from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { parseWith } from '../http/zod';
import { videoIdPipe } from '../library/video-id';
import { UploadsService } from './uploads.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** How the transcription of an uploaded recording goes (queued, running with its pieces, done, failed). */
  @Get(':id/transcription')
  transcription(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
  ): Promise<UploadTranscription> {
    return this.uploads.transcription(user.id, id);
  }

  /**
   * Tries a failed transcription again (202, with how it now stands): the recording is kept, and so is what the
   * worker had transcribed of it. 409 unless it failed; 403 or 402 as a first transcription would be.
   */
  @Post(':id/transcription/retry')
  @HttpCode(202)
  retry(@CurrentUser() user: UserRecord, @Param('id', videoIdPipe) id: string): Promise<UploadTranscription> {
    return this.uploads.retry(user, id);
  }

  /** Renames an uploaded recording (its title starts as its file's name). */
  @Patch(':id')
  async rename(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<{ title: string }> {
    const { title } = parseWith(RenameVideoRequestSchema, body);
    await this.uploads.rename(user.id, id, title);
    return { title };
  }
}
