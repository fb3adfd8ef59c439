import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { CreateHighlightRequestSchema, Highlight, TranscriptSegment } from '@lectern/contracts';
import {
  deleteUserHighlight,
  findHighlightsAt,
  findVideoTranscriptTextAndSegments,
  insertHighlight,
  type Db,
  Transactions,
} from '@lectern/db';
import type { z } from 'zod';
import { InjectDb } from '../database/database.module';
import { lockUserVideoOr404, videoOr404 } from '../library/user-video';

export const HIGHLIGHT_NOT_FOUND = 'Highlight not found.';

/**
 * The most highlights one video keeps. Each comes with every `GET /api/videos/:id` and is placed again on a track
 * switch; 500 is more than one per minute of a ten-hour lecture.
 */
export const MAX_HIGHLIGHTS_PER_VIDEO = 500;

export const HIGHLIGHT_OUTSIDE_SEGMENT = 'A highlight must lie within one line of the transcript.';
export const HIGHLIGHT_DUPLICATE = 'You have already highlighted this passage.';
export const TOO_MANY_HIGHLIGHTS = `This video already has ${MAX_HIGHLIGHTS_PER_VIDEO} highlights, the most Lectern keeps for one video. Delete some to add more.`;

/**
 * The end (in transcript text offsets) of the segment holding `index`: the transcript text is the segments'
 * texts joined by one space, and a separator belongs to no segment (-1).
 */
export function segmentEndAt(segments: readonly Pick<TranscriptSegment, 'text'>[], index: number): number {
  let offset = 0;
  for (const segment of segments) {
    const end = offset + segment.text.length;
    if (index < offset) return -1;
    if (index < end) return end;
    offset = end + 1;
  }
  return -1;
}

@Injectable()
export class HighlightsService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Saves a highlight whose offsets index exactly its text within one segment of the video's transcript. The
   * video row is locked from the checks to the insert, so neither a track switch nor another highlight of the
   * same video comes in between (the count and the duplicate check hold).
   */
  async create(userId: string, input: z.output<typeof CreateHighlightRequestSchema>): Promise<Highlight> {
    return this.transactions.run(async (db) => {
      await lockUserVideoOr404(db, userId, input.videoId);
      const transcript = videoOr404(await findVideoTranscriptTextAndSegments(db, userId, input.videoId));
      const transcriptText = transcript.transcript_text;
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
      const segments = JSON.parse(transcript.segments_json) as Pick<TranscriptSegment, 'text'>[];
      if (endIndex > segmentEndAt(segments, startIndex))
        throw new BadRequestException(HIGHLIGHT_OUTSIDE_SEGMENT);
      const existing = await findHighlightsAt(db, input.videoId, startIndex, endIndex);
      if (existing.sameId !== null) throw new ConflictException(HIGHLIGHT_DUPLICATE);
      if (existing.count >= MAX_HIGHLIGHTS_PER_VIDEO) throw new ConflictException(TOO_MANY_HIGHLIGHTS);
      const id = await insertHighlight(db, input);
      return { id, videoId: input.videoId, text, startIndex, endIndex, color: input.color };
    });
  }

  async remove(userId: string, highlightId: string): Promise<{ id: string }> {
    const deleted = await deleteUserHighlight(this.db, userId, highlightId);
    if (!deleted) throw new NotFoundException(HIGHLIGHT_NOT_FOUND);
    return { id: highlightId };
  }
}
