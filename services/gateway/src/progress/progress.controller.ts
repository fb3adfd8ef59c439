import { Body, Controller, NotFoundException, Param, Put, UseGuards } from '@nestjs/common';
import { SaveVideoProgressRequestSchema, type VideoProgress } from '@lectern/contracts';
import { saveVideoProgress, type Db, type UserRecord } from '@lectern/db';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { InjectDb } from '../database/database.module';
import { VIDEO_NOT_FOUND } from '../library/user-video';
import { videoIdPipe } from '../library/video-id';
import { parseWith } from '../http/zod';

/** Where the user stopped watching each of their videos, as the player reports it (docs/api.md, "Progress"). */
@Controller('api/videos')
@UseGuards(SignedInGuard)
export class ProgressController {
  constructor(@InjectDb() private readonly db: Db) {}

  @Put(':id/progress')
  async save(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<VideoProgress> {
    const progress = parseWith(SaveVideoProgressRequestSchema, body);
    if (!(await saveVideoProgress(this.db, user.id, id, progress.position)))
      throw new NotFoundException(VIDEO_NOT_FOUND);
    return progress;
  }
}
