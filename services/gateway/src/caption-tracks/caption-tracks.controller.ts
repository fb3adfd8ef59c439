import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ChooseTrackRequestSchema, type VideoTracks } from '@lectern/contracts';
import type { Response } from 'express';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { VIDEO_NOT_FOUND } from '../library/video-not-found';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { CaptionTracksService } from './caption-tracks.service';

const videoId = new ParseIdPipe(VIDEO_NOT_FOUND);

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class CaptionTracksController {
  constructor(private readonly tracks: CaptionTracksService) {}

  @Get(':id/tracks')
  list(@CurrentUser() user: UserRecord, @Param('id', videoId) id: string): Promise<VideoTracks> {
    return this.tracks.tracks(user.id, id);
  }

  /** Answers `{ video, droppedHighlights }`. */
  @Post(':id/track')
  @HttpCode(200)
  async choose(
    @CurrentUser() user: UserRecord,
    @Param('id', videoId) id: string,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const choice = parseWith(ChooseTrackRequestSchema, body);
    res.type('application/json').send(await this.tracks.choose(toUser(user), id, choice));
  }
}
