import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { VIDEO_NOT_FOUND } from '../library/video-not-found';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { ExportService } from './export.service';

@Controller('api/videos')
@UseGuards(SignedInGuard)
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get(':id/export/:format')
  async download(
    @CurrentUser() user: UserRecord,
    @Param('id', new ParseIdPipe(VIDEO_NOT_FOUND)) id: string,
    @Param('format') format: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.exports.download(toUser(user), id, format, res);
  }
}
