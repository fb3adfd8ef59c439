import { BadRequestException } from '@nestjs/common';
import { ASK_VIDEO_OR_COURSE, AskRequestSchema, CourseAskRequestSchema } from '@lectern/contracts';
import { parseWith } from '../http/zod';

/** A question about one of the user's videos, or (with `courseId`) one of their courses. */
export type AskCommand =
  | {
      videoId: string;
      /** Trimmed, 1 to MAX_QUESTION_LENGTH characters. */
      question: string;
    }
  | { courseId: string; question: string };

/** Reads `POST /api/ai/ask`'s body with the contract's schema (400 with its sentence otherwise). */
export function parseAskRequest(body: unknown): AskCommand {
  const names = typeof body === 'object' && body !== null ? body : {};
  if ('courseId' in names) {
    if ('videoId' in names) throw new BadRequestException(ASK_VIDEO_OR_COURSE);
    const { courseId, question } = parseWith(CourseAskRequestSchema, body);
    return { courseId, question };
  }
  const { videoId, question } = parseWith(AskRequestSchema, body);
  return { videoId, question };
}
