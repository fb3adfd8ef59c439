import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { videoIdPipe } from '../library/video-id';
import { ExportService } from './export.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get(':id/export/:format')
  async download(
    @SignedInUser() user: User,
    @Param('id', videoIdPipe) id: string,
    @Param('format') format: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.exports.download(user, id, format, res);
  }
}
