import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { CreateHighlightRequestSchema, Highlight } from '@lectern/contracts';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { VideosService } from '../library/videos.service';
import { HighlightEntity, toHighlight } from './highlight.entity';

export const HIGHLIGHT_NOT_FOUND = 'Highlight not found.';

@Injectable()
export class HighlightsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly videos: VideosService,
  ) {}

  /**
   * Saves a highlight whose offsets index exactly its text in the video's transcript. The video row is locked
   * from the check to the insert, so a track switch cannot change the transcript in between.
   */
  async create(userId: string, input: z.output<typeof CreateHighlightRequestSchema>): Promise<Highlight> {
    return this.dataSource.transaction(async (manager) => {
      const transcriptText = await this.videos.transcriptText(userId, input.videoId, manager);
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
      const highlights = manager.getRepository(HighlightEntity);
      const saved = await highlights.save(highlights.create({ ...input, videoId: input.videoId }));
      return toHighlight(saved);
    });
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
