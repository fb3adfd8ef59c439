import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
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
