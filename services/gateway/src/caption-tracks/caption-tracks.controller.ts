import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ChooseTrackRequestSchema, type VideoTracks, type User } from '@lectern/contracts';
import type { Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { videoIdPipe } from '../library/video-id';
import { parseWith } from '../http/zod';
import { CaptionTracksService } from './caption-tracks.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class CaptionTracksController {
  constructor(private readonly tracks: CaptionTracksService) {}

  @Get(':id/tracks')
  list(@SignedInUser() user: User, @Param('id', videoIdPipe) id: string): Promise<VideoTracks> {
    return this.tracks.tracks(user.id, id);
  }

  /** Answers `{ video, droppedHighlights }`. */
  @Post(':id/track')
  @HttpCode(200)
  async choose(
    @SignedInUser() user: User,
    @Param('id', videoIdPipe) id: string,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const choice = parseWith(ChooseTrackRequestSchema, body);
    res.type('application/json').send(await this.tracks.choose(user, id, choice));
  }
}
