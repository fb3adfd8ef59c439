import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { CreateHighlightRequestSchema, Highlight } from '@lectern/contracts';
import { DataSource, type Repository } from 'typeorm';
import type { z } from 'zod';
import { VideosService } from '../library/videos.service';
import { HighlightEntity, toHighlight } from './highlight.entity';

export const HIGHLIGHT_NOT_FOUND = 'Highlight not found.';

@Injectable()
export class HighlightsService {
  private readonly highlights: Repository<HighlightEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly videos: VideosService,
  ) {
    this.highlights = dataSource.getRepository(HighlightEntity);
  }

  /** Saves a highlight whose offsets index exactly its text in the video's transcript. */
  async create(userId: string, input: z.output<typeof CreateHighlightRequestSchema>): Promise<Highlight> {
    const transcriptText = await this.videos.transcriptText(userId, input.videoId);
    const { startIndex, endIndex, text } = input;
    if (!(startIndex >= 0 && startIndex < endIndex && endIndex <= transcriptText.length)) {
      throw new BadRequestException(
        `The highlight must lie within the transcript (0 to ${transcriptText.length}).`,
      );
    }
    if (text.trim() === '') throw new BadRequestException('The highlight text is empty.');
    if (transcriptText.slice(startIndex, endIndex) !== text) {
      throw new BadRequestException('The highlight text does not match the transcript at those positions.');
    }
    const saved = await this.highlights.save(this.highlights.create({ ...input, videoId: input.videoId }));
    return toHighlight(saved);
  }

  async remove(userId: string, highlightId: string): Promise<{ id: string }> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM highlights h USING videos v
        WHERE h.id = $1 AND v.id = h.video_id AND v.user_id = $2`,
      [highlightId, userId],
    );
    if (!result[1]) throw new NotFoundException(HIGHLIGHT_NOT_FOUND);
    return { id: highlightId };
  }
}
