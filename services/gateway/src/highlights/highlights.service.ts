import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { CreateHighlightRequestSchema, Highlight } from '@lectern/contracts';
import { deleteUserHighlight, insertHighlight, typeormDb } from '@lectern/db';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { VideosService } from '../library/videos.service';

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
      const db = typeormDb(manager);
      const transcriptText = await this.videos.transcriptText(userId, input.videoId, db);
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
      const id = await insertHighlight(db, input);
      return { id, videoId: input.videoId, text, startIndex, endIndex, color: input.color };
    });
  }

  async remove(userId: string, highlightId: string): Promise<{ id: string }> {
    const deleted = await deleteUserHighlight(typeormDb(this.dataSource.manager), userId, highlightId);
    if (!deleted) throw new NotFoundException(HIGHLIGHT_NOT_FOUND);
    return { id: highlightId };
  }
}
