import { Body, Controller, Delete, Get, HttpCode, Param, Put, Req, Res, UseGuards } from '@nestjs/common';
import { SaveNotesRequestSchema, type VideoSummary } from '@lectern/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { videoIdPipe } from './video-id';
import { answerEncoding, sendRevalidatable } from '../http/revalidatable-json';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { VideosService } from './videos.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Get()
  list(@CurrentUser() user: UserRecord): Promise<VideoSummary[]> {
    return this.videos.list(user.id);
  }

  @Get(':id')
  async detail(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const encoding = answerEncoding(req);
    const answer = await this.videos.detailAnswer(user.id, id, encoding);
    await sendRevalidatable(req, res, { hash: answer.hash, encoding, body: () => answer.body() });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: UserRecord, @Param('id', videoIdPipe) id: string): Promise<void> {
    await this.videos.remove(user.id, id);
  }

  @Put(':id/notes')
  saveNotes(
    @CurrentUser() user: UserRecord,
    @Param('id', videoIdPipe) id: string,
    @Body() body: unknown,
  ): Promise<{ notes: string }> {
    const { notes } = parseWith(SaveNotesRequestSchema, body);
    return this.videos.saveNotes(user.id, id, notes);
  }
}
