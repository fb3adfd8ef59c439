import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import type { UploadTranscription } from '@lectern/contracts';
import type { UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
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
}
