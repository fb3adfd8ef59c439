import { Body, Controller, Delete, Param, Post, UseGuards } from '@nestjs/common';
import { CreateHighlightRequestSchema, type Highlight } from '@lectern/contracts';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { videoIdPipe } from '../library/video-id';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { ActionLimits } from '../usage/action-limits';
import { HIGHLIGHT_NOT_FOUND, HighlightsService } from './highlights.service';

@Controller('api/highlights')
@UseGuards(SignedInGuard)
export class HighlightsController {
  constructor(
    private readonly highlights: HighlightsService,
    private readonly limits: ActionLimits,
  ) {}

  @Post()
  async create(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<Highlight> {
    const input = parseWith(CreateHighlightRequestSchema, body);
    await this.limits.count(user.id, 'highlight');
    return this.highlights.create(user.id, {
      ...input,
      videoId: videoIdPipe.transform(input.videoId),
    });
  }

  @Delete(':id')
  remove(
    @CurrentUser() user: UserRecord,
    @Param('id', new ParseIdPipe(HIGHLIGHT_NOT_FOUND)) id: string,
  ): Promise<{ id: string }> {
    return this.highlights.remove(user.id, id);
  }
}
