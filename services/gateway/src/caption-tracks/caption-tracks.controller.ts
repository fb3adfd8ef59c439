import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ChooseTrackRequestSchema, type VideoTracks, type User } from '@lectern/contracts';
import type { Request, Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { videoIdPipe } from '../library/video-id';
import { sendRevalidatableJson } from '../http/revalidatable-json';
import { parseWith } from '../http/zod';
import { CaptionTracksService } from './caption-tracks.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class CaptionTracksController {
  constructor(private readonly tracks: CaptionTracksService) {}

  @Get(':id/tracks')
  async list(
    @SignedInUser() user: User,
    @Param('id', videoIdPipe) id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const tracks: VideoTracks = await this.tracks.tracks(user.id, id);
    await sendRevalidatableJson(req, res, JSON.stringify(tracks));
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
